// Ethereum tx → Cosmos tx: what Ethermint's JSON-RPC does in eth_sendRawTransaction (MsgEthereumTx.BuildTx),
// so the devnet and the engine client can broadcast a signed Ethereum transaction through CometBFT.
import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { getBytes, keccak256 } from 'ethers';
import { EthermintWireError } from '../errors';
import { ExtensionOptionsEthereumTx, MsgEthereumTx } from '../messages/evm-tx';
import { innerTxFromEthers } from './inner-tx';
import { type WireLayout } from './layout';
import { parseSignedTx, recoverSender } from './signed-tx';

export interface WrapOptions {
  layout: WireLayout;
  /** The fee denom: x/evm Params.evm_denom. */
  denom: string;
}

/**
 * The Cosmos TxRaw bytes carrying `signedRaw` (an EIP-2718 / legacy RLP signed transaction): one
 * MsgEthereumTx, the ExtensionOptionsEthereumTx option, fee = price × gas limit in `denom` (price is
 * gasPrice, or maxFeePerGas for EIP-1559, as go-ethereum's Transaction.GasPrice()), no Cosmos signatures.
 */
export function wrapEthereumTx(signedRaw: Uint8Array, opts: WrapOptions): Uint8Array {
  const tx = parseSignedTx(signedRaw);
  const sender = recoverSender(tx);

  const msg =
    opts.layout === 'maintained'
      ? MsgEthereumTx.fromPartial({ from: getBytes(sender), raw: Uint8Array.from(signedRaw) })
      : // BuildTx of the older line clears `from`; the ante handler recovers the sender from the signature.
        MsgEthereumTx.fromPartial({ data: innerTxFromEthers(tx), deprecatedHash: keccak256(signedRaw) });

  const price = tx.type === 0 || tx.type === 1 ? (tx.gasPrice ?? 0n) : (tx.maxFeePerGas ?? 0n);
  const fee = price * tx.gasLimit;
  // BuildTx adds a coin only for a positive fee; a zero coin would fail sdk.Coins validation.
  if (fee > 0n && opts.denom === '') throw new EthermintWireError('invalid-argument', 'fee denom is empty');
  const amount = fee > 0n ? [{ denom: opts.denom, amount: fee.toString() }] : [];

  const bodyBytes = TxBody.encode(
    TxBody.fromPartial({
      messages: [MsgEthereumTx.toAny(msg)],
      extensionOptions: [ExtensionOptionsEthereumTx.toAny({})],
    }),
  ).finish();
  const authInfoBytes = AuthInfo.encode(
    AuthInfo.fromPartial({ fee: { amount, gasLimit: tx.gasLimit } }),
  ).finish();
  return TxRaw.encode(TxRaw.fromPartial({ bodyBytes, authInfoBytes, signatures: [] })).finish();
}
