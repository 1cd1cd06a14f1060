// Go's base64 decoding rules and the offsets of its `illegal base64 data` errors.
import { decodeGoBase64 } from './go-base64';

const errorOf = (text: string) => {
  const result = decodeGoBase64(text);
  if (result instanceof Uint8Array) throw new Error(`decoded ${text}`);
  return result.error;
};

describe(decodeGoBase64.name, () => {
  it('default', () => {
    expect(decodeGoBase64('aGk=')).toEqual(new Uint8Array([0x68, 0x69]));
    expect(decodeGoBase64('')).toEqual(new Uint8Array());
  });

  it('args: newlines are skipped and padded quanta end the input', () => {
    expect(decodeGoBase64('aG\r\nk=')).toEqual(new Uint8Array([0x68, 0x69]));
    expect(decodeGoBase64('YQ==')).toEqual(new Uint8Array([0x61]));
  });

  it('error: a character outside the alphabet, at its offset', () => {
    expect(errorOf('not base64!')).toBe('illegal base64 data at input byte 3');
    expect(errorOf('ab-d')).toBe('illegal base64 data at input byte 2');
  });

  it('error: missing padding points at the start of the short quantum', () => {
    expect(errorOf('abc')).toBe('illegal base64 data at input byte 0');
    expect(errorOf('abcde')).toBe('illegal base64 data at input byte 4');
    expect(errorOf('ab=')).toBe('illegal base64 data at input byte 3');
  });

  it('error: bad padding and trailing garbage', () => {
    expect(errorOf('a===')).toBe('illegal base64 data at input byte 1');
    expect(errorOf('ab=c')).toBe('illegal base64 data at input byte 2');
    expect(errorOf('abc=d')).toBe('illegal base64 data at input byte 4');
  });
});
