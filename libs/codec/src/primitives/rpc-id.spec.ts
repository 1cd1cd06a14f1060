import fc from 'fast-check';
import { CodecError } from './codec-error';
import { decodeRpcId, newRpcId } from './rpc-id';

describe(decodeRpcId.name, () => {
  it('default', () => {
    expect(decodeRpcId('0x9cef478923ff08bf67fde6c64013158d')).toBe('0x9cef478923ff08bf67fde6c64013158d');
    expect(decodeRpcId('0xABC')).toBe('0xabc');
  });

  it.each([
    ['0x0abc', 'hex number with leading zero digits'],
    ['abc', 'hex string without 0x prefix'],
    [7, 'json: cannot unmarshal number into Go value of type rpc.ID'],
  ])('error: %p', (input, message) => {
    expect(() => decodeRpcId(input)).toThrow(new CodecError(message));
  });

  it('behavior: arbitrary input decodes or throws CodecError', () => {
    fc.assert(fc.property(fc.anything(), (input) => decodesOrThrowsCodecError(() => decodeRpcId(input))));
  });
});

describe(newRpcId.name, () => {
  it('default: ids are distinct, 0x-hex without leading zeros (geth), and decode unchanged', () => {
    const ids = Array.from({ length: 500 }, () => newRpcId());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^0x[1-9a-f][0-9a-f]{0,31}$/);
      expect(decodeRpcId(id)).toBe(id);
    }
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
