// The ABCI side of an executed block, as Ethermint reports it: per tx a result (code, data =
// TxMsgData with the MsgEthereumTxResponse, gas, events) and per block the finalize events
// (block bloom, base fee). Indexers and the engine client read these.
import { Log, MsgEthereumTxResponse, encodeTxMsgData } from '@photon/ethermint-wire';
import { getAddress } from 'ethers';
import { encodeHex } from '../comet';
import type { ExecutedBlock, ExecutedTx } from '../evm';

export interface AbciAttribute {
  readonly key: string;
  readonly value: string;
  readonly index: boolean;
}

export interface AbciEvent {
  readonly type: string;
  readonly attributes: readonly AbciAttribute[];
}

export interface TxResult {
  readonly code: number;
  readonly data: Uint8Array;
  readonly log: string;
  readonly info: string;
  readonly gasWanted: bigint;
  readonly gasUsed: bigint;
  readonly events: readonly AbciEvent[];
  readonly codespace: string;
}

const attr = (key: string, value: string): AbciAttribute => ({ key, value, index: true });
const hexBytes = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}`;

/**
 * The result of the Cosmos tx `cometTxHash`, which carried the executed Ethereum txs `txs` (one per
 * MsgEthereumTx, in message order): `data` holds one MsgEthereumTxResponse per message, the events each
 * message's `ethereum_tx`, `ethereum`, `tx_log` and `message` events in turn, the gas the sums of theirs.
 */
export function cometTxResult(
  txs: readonly ExecutedTx[],
  cometTxHash: Uint8Array,
  blockHash: Uint8Array,
): TxResult {
  return {
    code: 0,
    data: encodeTxMsgData(txs.map((tx) => messageResponse(tx, blockHash))),
    log: '',
    info: '',
    gasWanted: txs.reduce((sum, tx) => sum + tx.gasLimit, 0n),
    gasUsed: txs.reduce((sum, tx) => sum + tx.gasUsed, 0n),
    codespace: '',
    events: txs.flatMap((tx) => messageEvents(tx, cometTxHash, blockHash)),
  };
}

function messageResponse(tx: ExecutedTx, blockHash: Uint8Array): MsgEthereumTxResponse {
  return MsgEthereumTxResponse.fromPartial({
    hash: tx.hash,
    logs: tx.logs.map((log) =>
      Log.fromPartial({
        // The maintained line writes log addresses lowercase (Ethermint's HexAddress).
        address: log.address.toLowerCase(),
        topics: log.topics,
        data: log.data,
        blockNumber: BigInt(log.height),
        txHash: log.txHash,
        txIndex: BigInt(log.txIndex),
        blockHash: hexBytes(blockHash),
        index: BigInt(log.logIndex),
        removed: false,
      }),
    ),
    ret: tx.ret,
    vmError: tx.vmError,
    gasUsed: tx.gasUsed,
  });
}

function messageEvents(tx: ExecutedTx, cometTxHash: Uint8Array, blockHash: Uint8Array): AbciEvent[] {
  const ethereumTx = [
    attr('amount', tx.value.toString()),
    attr('ethereumTxHash', tx.hash),
    attr('txIndex', String(tx.index)),
    attr('txGasUsed', tx.gasUsed.toString()),
    attr('txHash', encodeHex(cometTxHash)),
    attr('recipient', getAddress(tx.recipient)),
    ...(tx.status === 0 ? [attr('ethereumTxFailed', tx.vmError || 'failed')] : []),
  ];
  return [
    { type: 'ethereum_tx', attributes: ethereumTx },
    {
      type: 'ethereum',
      attributes: [attr('sender', getAddress(tx.sender)), attr('recipient', getAddress(tx.recipient))],
    },
    ...tx.logs.map((log) => ({
      type: 'tx_log',
      attributes: [attr('txLog', JSON.stringify(txLogJson(log, blockHash)))],
    })),
    {
      type: 'message',
      attributes: [
        attr('action', '/ethermint.evm.v1.MsgEthereumTx'),
        attr('module', 'evm'),
        attr('sender', getAddress(tx.sender)),
        attr('txType', String(tx.type)),
      ],
    },
  ];
}

/** The `txLog` JSON of Ethermint's older line (evm types.Log with its JSON field names). */
function txLogJson(log: ExecutedTx['logs'][number], blockHash: Uint8Array) {
  return {
    address: getAddress(log.address),
    topics: log.topics,
    data: Buffer.from(log.data).toString('base64'),
    blockNumber: log.height,
    transactionHash: log.txHash,
    transactionIndex: log.txIndex,
    blockHash: hexBytes(blockHash),
    logIndex: log.logIndex,
    removed: false,
  };
}

/**
 * Block-level events of FinalizeBlock. Ethermint writes the bloom as raw bytes in a string, which
 * JSON cannot carry losslessly; the devnet writes it as 0x hex.
 */
export function finalizeBlockEvents(executed: ExecutedBlock): AbciEvent[] {
  return [
    { type: 'block_bloom', attributes: [attr('bloom', hexBytes(executed.logsBloom))] },
    { type: 'fee_market', attributes: [attr('base_fee', executed.baseFee.toString())] },
  ];
}

/** The composite-key map of a tx's events, as the websocket and tx_search match on them. */
export function eventMap(events: readonly AbciEvent[]): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  for (const event of events) {
    for (const { key, value } of event.attributes) (map[`${event.type}.${key}`] ??= []).push(value);
  }
  return map;
}
