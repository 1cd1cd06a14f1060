// The Ethereum transactions of a CometBFT block, in order, with what their results say (gas used, failure, logs).
// Inclusion follows Ethermint's rpc backend: only MsgEthereumTx messages count; a Cosmos tx whose result code is
// not 0 is skipped, except one that ran out of block gas (Ethermint keeps those, failed, charged their gas limit).
import { EthermintWireError, unwrapEthereumTx, type UnwrappedEthereumTx } from '@photon/ethermint-wire';
import { type Hex } from '@photon/types';
import { type Transaction } from 'ethers';
import { type CometBlockResults, type CometResultBlock, type CometTxResult } from '../comet/types';
import { EngineResponseError } from '../errors';
import { ethereumTxEvents } from './ethereum-tx-events';
import { messageOutcomes, type RawLog } from './tx-logs';

export interface BlockEthereumTx {
  readonly tx: Transaction;
  readonly signedRaw: Uint8Array;
  readonly from: Hex;
  readonly hash: Hex;
  readonly gasUsed: bigint;
  /** The EVM reverted or failed (receipt status 0). */
  readonly failed: boolean;
  readonly logs: readonly RawLog[];
  /** Position of the carrying Cosmos tx among all the block's txs. */
  readonly cometIndex: number;
}

/** Ethermint's ExceedBlockGasLimitError text ("out of gas in location: block gas meter; gasWanted: …"). */
const BLOCK_GAS_LIMIT = /block gas meter|block gas limit/;

export function exceedsBlockGasLimit(result: CometTxResult): boolean {
  return result.code !== 0 && BLOCK_GAS_LIMIT.test(result.log);
}

function unwrapped(txBytes: Uint8Array): UnwrappedEthereumTx[] {
  try {
    // A committed block's `from` was checked by the ante handler; recovering it again costs an ecrecover per tx.
    return unwrapEthereumTx(txBytes, { verifySender: false });
  } catch (error) {
    // Cosmos txs (or bytes that are no tx at all) have no Ethereum side: Ethermint skips them too.
    if (error instanceof EthermintWireError) return [];
    throw error;
  }
}

export function blockEthereumTxs(block: CometResultBlock, results: CometBlockResults): BlockEthereumTx[] {
  const txs = block.block.txs;
  if (txs.length !== results.txsResults.length) {
    throw new EngineResponseError(
      'block_results.txs_results',
      `${results.txsResults.length} results for ${txs.length} txs at height ${block.block.header.height}`,
    );
  }
  const out: BlockEthereumTx[] = [];
  txs.forEach((txBytes, cometIndex) => {
    const result = results.txsResults[cometIndex]!;
    const outOfBlockGas = exceedsBlockGasLimit(result);
    if (result.code !== 0 && !outOfBlockGas) return;
    const messages = unwrapped(txBytes);
    if (messages.length === 0) return;
    const events = ethereumTxEvents(result.events);
    const path = `block_results.txs_results[${cometIndex}]`;
    const outcomes = messageOutcomes(
      result,
      messages.map((m) => m.hash),
      path,
    );
    messages.forEach((message, i) => {
      const tx = message.tx;
      const event = events.get(message.hash);
      const outcome = outcomes[i];
      const vmFailed = outcome?.vmError !== undefined && outcome.vmError !== '';
      const failed = outOfBlockGas || event?.failed === true || vmFailed;
      out.push({
        tx,
        signedRaw: message.signedRaw,
        from: message.from as Hex,
        hash: message.hash as Hex,
        gasUsed: gasUsed(result, tx, messages.length, event?.gasUsed, outOfBlockGas),
        failed,
        logs: failed ? [] : (outcome?.logs ?? []),
        cometIndex,
      });
    });
  });
  return out;
}

/**
 * Ethermint's rule: a tx over the block gas limit is charged its gas limit; a single-message tx the Cosmos gas
 * used (equal to the EVM's, which older nodes did not emit); otherwise the `txGasUsed` event.
 */
function gasUsed(
  result: CometTxResult,
  tx: Transaction,
  messages: number,
  fromEvent: bigint | undefined,
  outOfBlockGas: boolean,
): bigint {
  if (outOfBlockGas) return tx.gasLimit;
  if (messages === 1) return result.gasUsed;
  return fromEvent ?? tx.gasLimit;
}
