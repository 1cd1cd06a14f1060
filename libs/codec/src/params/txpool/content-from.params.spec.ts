import { InvalidParamsError } from '../../errors/rpc-errors';
import { decodeParams } from '../decode-params';
import { TxpoolContentFromParams } from './content-from.params';

describe(TxpoolContentFromParams.name, () => {
  it('default', () => {
    const address = '0x52908400098527886e0f7030069857d2e4169ee7';
    expect(decodeParams(TxpoolContentFromParams, [address]).address).toBe(address);
  });

  it('error: missing or not an address', () => {
    expect(() => decodeParams(TxpoolContentFromParams, [])).toThrow(
      new InvalidParamsError('missing value for required argument 0'),
    );
    expect(() => decodeParams(TxpoolContentFromParams, ['0x1234'])).toThrow(InvalidParamsError);
  });
});
