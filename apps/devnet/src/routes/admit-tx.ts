// CheckTx of the devnet: a Cosmos tx must carry Ethereum messages only (Ethermint's ante handler), all
// checked together; a broadcast admits them to the EVM mempool, check_tx only answers.
import { EthermintWireError, cometTxHash, unwrapEthereumTx } from '@photon/ethermint-wire';
import type { CheckTxMode, Hex } from '../evm';
import { RouteError } from '../rpc/route';
import type { DevnetContext } from './devnet-context';

export interface CheckTxAnswer {
  readonly code: number;
  readonly log: string;
  readonly codespace: string;
  readonly gasWanted: bigint;
  /** Uppercase hex CometBFT tx hash. */
  readonly hash: string;
}

/**
 * CheckTx of a broadcast: on success the tx waits in the mempool for the next block. A tx seen
 * recently is refused first, as CometBFT's mempool does, with an RPC error rather than a CheckTx code.
 */
export async function admitTx(ctx: DevnetContext, tx: Uint8Array): Promise<CheckTxAnswer> {
  const hash = cometTxHash(tx);
  if (!ctx.txCache.push(hash)) throw new RouteError('tx already exists in cache');
  const answer = await runCheckTx(ctx, tx, hash, 'admit');
  if (answer.code !== 0) ctx.txCache.remove(hash);
  return answer;
}

/**
 * CheckTx alone (CometBFT's check_tx): the same checks and texts, against the committed state with the
 * pending txs counted, and nothing admitted or published.
 */
export function checkTx(ctx: DevnetContext, tx: Uint8Array): Promise<CheckTxAnswer> {
  return runCheckTx(ctx, tx, cometTxHash(tx), 'check');
}

async function runCheckTx(
  ctx: DevnetContext,
  tx: Uint8Array,
  hash: string,
  mode: CheckTxMode,
): Promise<CheckTxAnswer> {
  let messages;
  try {
    // EvmChain recovers the signer and checks it against `from`: no need to recover twice.
    messages = unwrapEthereumTx(tx, { verifySender: false });
  } catch (error) {
    const detail = error instanceof EthermintWireError ? error.message : String(error);
    return { code: 2, log: `${detail}: tx parse error`, codespace: 'sdk', gasWanted: 0n, hash };
  }
  const result = await ctx.evm.checkMessages(
    messages.map((message) => ({ raw: message.signedRaw, from: message.from as Hex })),
    mode,
  );
  if (!Array.isArray(result)) {
    return { code: result.code, log: result.log, codespace: result.codespace, gasWanted: 0n, hash };
  }
  if (mode === 'admit') {
    for (const admitted of result) ctx.producer.admitted(admitted.hash, tx, admitted.replaced);
  }
  const gasWanted = result.reduce((sum, message) => sum + message.gasWanted, 0n);
  return { code: 0, log: '[]', codespace: '', gasWanted, hash };
}
