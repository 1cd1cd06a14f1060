import fc from 'fast-check';
import { CodecError } from './codec-error';
import { MAX_FILTER_ADDRESSES, decodeFilterAddress } from './filter-address';

const A = '0x52908400098527886e0f7030069857d2e4169ee7';
const B = '0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae';

describe(decodeFilterAddress.name, () => {
  it('default', () => {
    expect(decodeFilterAddress(A.toUpperCase().replace('0X', '0x'))).toEqual([A]);
    expect(decodeFilterAddress([A, B])).toEqual([A, B]);
    expect(decodeFilterAddress(null)).toBeUndefined();
    expect(decodeFilterAddress(undefined)).toBeUndefined();
    expect(decodeFilterAddress([])).toEqual([]);
  });

  it.each([
    ['0x12', 'invalid address: hex has invalid length 1 after decoding; expected 20 for address'],
    ['12', 'invalid address: hex string without 0x prefix'],
    [[A, 5], 'non-string address at index 1'],
    [
      [A, '0x'],
      'invalid address at index 1: hex has invalid length 0 after decoding; expected 20 for address',
    ],
    [{}, 'invalid addresses in query'],
    [Array(MAX_FILTER_ADDRESSES + 1).fill(A), 'exceed max addresses'],
  ])('error: %p', (input, message) => {
    expect(() => decodeFilterAddress(input)).toThrow(new CodecError(message));
  });

  it('behavior: arbitrary input decodes or throws CodecError', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.array(fc.oneof(fc.constant(A), fc.anything()))), (input) =>
        decodesOrThrowsCodecError(() => decodeFilterAddress(input)),
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
