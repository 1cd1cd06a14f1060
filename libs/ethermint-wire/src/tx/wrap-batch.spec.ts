import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { Wallet, getBytes } from 'ethers';
import { wrapEthereumTxBatch } from './wrap-batch';

const wallet = new Wallet(`0x${'11'.repeat(32)}`);

async function signed(nonce: number, gasLimit: bigint): Promise<Uint8Array> {
  return getBytes(
    await wallet.signTransaction({
      chainId: 9000,
      nonce,
      gasLimit,
      gasPrice: 10n,
      to: wallet.address,
      value: 1n,
    }),
  );
}

describe(wrapEthereumTxBatch.name, () => {
  it('default: one Cosmos tx, the messages in order, fees and gas limits summed', async () => {
    const raws = [await signed(0, 21_000n), await signed(1, 30_000n), await signed(2, 40_000n)];
    const tx = TxRaw.decode(wrapEthereumTxBatch(raws, { layout: 'maintained', denom: 'aphoton' }));
    const body = TxBody.decode(tx.bodyBytes);
    const authInfo = AuthInfo.decode(tx.authInfoBytes);
    expect(body.messages.map((m) => m.typeUrl)).toStrictEqual(
      Array(3).fill('/ethermint.evm.v1.MsgEthereumTx'),
    );
    expect(body.extensionOptions.map((o) => o.typeUrl)).toStrictEqual([
      '/ethermint.evm.v1.ExtensionOptionsEthereumTx',
    ]);
    expect(authInfo.fee?.gasLimit).toBe(91_000n);
    expect(authInfo.fee?.amount).toStrictEqual([{ denom: 'aphoton', amount: '910000' }]);
    expect(tx.signatures).toStrictEqual([]);
  });

  it('error: an empty batch', () => {
    expect(() => wrapEthereumTxBatch([], { layout: 'maintained', denom: 'aphoton' })).toThrow(
      'a batch needs a tx',
    );
  });
});
