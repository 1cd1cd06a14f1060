// CheckTx of the devnet: a Cosmos tx must carry Ethereum messages only (Ethermint's ante handler),
// each admitted to the EVM mempool; the first refusal answers for the whole tx.
import { EthermintWireError, cometTxHash, unwrapEthereumTx } from '@photon/ethermint-wire';
import type { DevnetContext } from './devnet-context';

export interface CheckTxAnswer {
  readonly code: number;
  readonly log: string;
  readonly codespace: string;
  readonly gasWanted: bigint;
  /** Uppercase hex CometBFT tx hash. */
  readonly hash: string;
}

export async function admitTx(ctx: DevnetContext, tx: Uint8Array): Promise<CheckTxAnswer> {
  const hash = cometTxHash(tx);
  let messages;
  try {
    // EvmChain.checkTx recovers the signer and checks it against `from`: no need to recover twice.
    messages = unwrapEthereumTx(tx, { verifySender: false });
  } catch (error) {
    const detail = error instanceof EthermintWireError ? error.message : String(error);
    return { code: 2, log: `${detail}: tx parse error`, codespace: 'sdk', gasWanted: 0n, hash };
  }
  let gasWanted = 0n;
  for (const message of messages) {
    const result = await ctx.evm.checkTx(message.signedRaw, { from: message.from as `0x${string}` });
    if (!result.ok)
      return { code: result.code, log: result.log, codespace: result.codespace, gasWanted: 0n, hash };
    ctx.producer.admitted(message.hash, tx, result.replaced);
    gasWanted += result.gasWanted;
  }
  return { code: 0, log: '[]', codespace: '', gasWanted, hash };
}
