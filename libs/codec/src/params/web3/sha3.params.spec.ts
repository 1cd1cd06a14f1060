import { InvalidParamsError } from '../../errors/rpc-errors';
import { decodeParams } from '../decode-params';
import { Web3Sha3Params } from './sha3.params';

describe(Web3Sha3Params.name, () => {
  it('default', () => {
    expect(decodeParams(Web3Sha3Params, ['0x68656c6c6f20776f726c64']).data).toEqual(
      new TextEncoder().encode('hello world'),
    );
    expect(decodeParams(Web3Sha3Params, ['0x']).data).toEqual(new Uint8Array());
  });

  it('error: not hex data', () => {
    expect(() => decodeParams(Web3Sha3Params, ['hello'])).toThrow(
      new InvalidParamsError('invalid argument 0: hex string without 0x prefix'),
    );
    expect(() => decodeParams(Web3Sha3Params, [])).toThrow(
      new InvalidParamsError('missing value for required argument 0'),
    );
  });
});
