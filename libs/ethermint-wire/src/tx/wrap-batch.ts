// Several Ethereum txs → one Cosmos tx, as relayers and Cronos send them (and Ethermint's integration
// tests build with utils.build_batch_tx): each wrapped as wrapEthereumTx does, their MsgEthereumTx
// concatenated in order, fees and gas limits summed, one ExtensionOptionsEthereumTx.
import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { EthermintWireError } from '../errors';
import { type WrapOptions, wrapEthereumTx } from './wrap';

export function wrapEthereumTxBatch(signedRaws: readonly Uint8Array[], opts: WrapOptions): Uint8Array {
  if (signedRaws.length === 0) throw new EthermintWireError('invalid-argument', 'a batch needs a tx');
  const parts = signedRaws.map((raw) => {
    const tx = TxRaw.decode(wrapEthereumTx(raw, opts));
    return { body: TxBody.decode(tx.bodyBytes), authInfo: AuthInfo.decode(tx.authInfoBytes) };
  });
  const fee = parts.reduce((sum, part) => sum + BigInt(part.authInfo.fee?.amount[0]?.amount ?? '0'), 0n);
  const gasLimit = parts.reduce((sum, part) => sum + (part.authInfo.fee?.gasLimit ?? 0n), 0n);
  const bodyBytes = TxBody.encode(
    TxBody.fromPartial({
      messages: parts.flatMap((part) => part.body.messages),
      extensionOptions: parts[0]!.body.extensionOptions,
    }),
  ).finish();
  const amount = fee > 0n ? [{ denom: opts.denom, amount: fee.toString() }] : [];
  const authInfoBytes = AuthInfo.encode(AuthInfo.fromPartial({ fee: { amount, gasLimit } })).finish();
  return TxRaw.encode(TxRaw.fromPartial({ bodyBytes, authInfoBytes, signatures: [] })).finish();
}
