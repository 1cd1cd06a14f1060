import { BaseAccount } from 'cosmjs-types/cosmos/auth/v1beta1/auth';
import { EthermintWireError } from '../errors';
import { fieldNumbers } from '../testing/wire-fields';
import { EthAccount } from './eth-account';

describe('EthAccount', () => {
  it('default', () => {
    const account: EthAccount = {
      baseAccount: BaseAccount.fromPartial({
        address: 'ethm1tx0f3d7cjvg9kq0eysknz8gg5ze8a07hd4x0mr',
        accountNumber: 3n,
        sequence: 12n,
      }),
      codeHash: `0x${'c5'.repeat(32)}`,
    };
    const bytes = EthAccount.encode(account);
    expect(EthAccount.decode(bytes)).toEqual(account);
    expect(fieldNumbers(bytes)).toEqual([1, 2]);
    expect(EthAccount.toAny(account).typeUrl).toBe('/ethermint.types.v1.EthAccount');
  });

  it('behavior: no base account', () => {
    expect(EthAccount.decode(EthAccount.encode({ codeHash: '0x01' }))).toEqual({ codeHash: '0x01' });
  });

  it('error: a base account that is not one', () => {
    const bytes = Uint8Array.from([0x0a, 0x02, 0x0a, 0x09]);
    expect(() => EthAccount.decode(bytes)).toThrow(EthermintWireError);
  });
});
