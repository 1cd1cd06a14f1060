import fc from 'fast-check';
import { CodecError } from './codec-error';
import { decodeFilterTopics } from './filter-topics';

const T1 = `0x${'11'.repeat(32)}`;
const T2 = `0x${'22'.repeat(32)}`;

describe(decodeFilterTopics.name, () => {
  it('default', () => {
    expect(decodeFilterTopics([T1, null, [T1, T2]])).toEqual([[T1], null, [T1, T2]]);
    expect(decodeFilterTopics(null)).toBeUndefined();
    expect(decodeFilterTopics([])).toEqual([]);
  });

  it('behavior: a null or empty alternative list matches anything', () => {
    expect(decodeFilterTopics([[T1, null]])).toEqual([null]);
    expect(decodeFilterTopics([[]])).toEqual([null]);
    expect(decodeFilterTopics([T1.toUpperCase().replace('0X', '0x')])).toEqual([[T1]]);
  });

  it.each([
    [[T1, T1, T1, T1, T1], 'exceed max topics'],
    [T1, 'invalid topic(s)'],
    [[5], 'invalid topic(s)'],
    [[[T1, 5]], 'invalid topic(s)'],
    [['0x12'], 'hex has invalid length 1 after decoding; expected 32 for topic'],
    [[[T1, '0x']], 'hex has invalid length 0 after decoding; expected 32 for topic'],
    [[Array(1001).fill(T1)], 'exceed max topics'],
  ])('error: %p', (input, message) => {
    expect(() => decodeFilterTopics(input)).toThrow(new CodecError(message));
  });

  it('behavior: arbitrary input decodes or throws CodecError', () => {
    const topicish = fc.oneof(fc.constant(T1), fc.constant(null), fc.anything());
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.array(fc.oneof(topicish, fc.array(topicish)))), (input) =>
        decodesOrThrowsCodecError(() => decodeFilterTopics(input)),
      ),
    );
  });
});

function decodesOrThrowsCodecError(decode: () => unknown): boolean {
  try {
    decode();
    return true;
  } catch (error) {
    return error instanceof CodecError;
  }
}
