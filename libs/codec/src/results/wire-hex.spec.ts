import { CodecError } from '../primitives/codec-error';
import { dataOut, fixedDataOut } from './wire-hex';

describe(dataOut.name, () => {
  it('default', () => {
    expect(dataOut('0x')).toBe('0x');
    expect(dataOut('0xDeadBEEF')).toBe('0xdeadbeef');
  });

  it.each(['', '0x1', 'deadbeef', '0xzz'])('error: %p', (input) => {
    expect(() => dataOut(input)).toThrow(CodecError);
  });
});

describe(fixedDataOut.name, () => {
  it('default', () => {
    expect(fixedDataOut('0xABCD', 2)).toBe('0xabcd');
  });

  it.each(['0xab', '0xabcdef', '0xzzzz'])('error: %p', (input) => {
    expect(() => fixedDataOut(input, 2)).toThrow(CodecError);
  });
});
