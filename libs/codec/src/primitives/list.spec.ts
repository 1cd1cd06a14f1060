import fc from 'fast-check';
import { CodecError } from './codec-error';
import { decodeHash32 } from './hash';
import { decodeList } from './list';

const HASH = `0x${'01'.repeat(32)}`;
const options = { goType: '[]common.Hash', maxItems: 3 };

describe(decodeList.name, () => {
  it('default', () => {
    expect(decodeList([HASH, HASH], decodeHash32, options)).toEqual([HASH, HASH]);
    expect(decodeList([], decodeHash32, options)).toEqual([]);
  });

  it('error: names the failing index', () => {
    expect(() => decodeList([HASH, '0x1'], decodeHash32, options)).toThrow('[1]: hex string of odd length');
  });

  it('error: not a list, or too long', () => {
    expect(() => decodeList(HASH, decodeHash32, options)).toThrow(
      'json: cannot unmarshal string into Go value of type []common.Hash',
    );
    expect(() => decodeList([HASH, HASH, HASH, HASH], decodeHash32, options)).toThrow(
      'too many items, want at most 3',
    );
  });

  it('behavior: arbitrary input decodes or throws CodecError', () => {
    fc.assert(
      fc.property(fc.anything(), (input) =>
        decodesOrThrowsCodecError(() => decodeList(input, decodeHash32, options)),
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
