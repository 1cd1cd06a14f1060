// The EVM logs (and VM errors) of each Ethereum message in one Cosmos tx result: from `tx_result.data`
// (TxMsgData → MsgEthereumTxResponse), or from the older line's `tx_log` events (one `txLog` JSON per log).
import { decodeTxMsgData, type MsgEthereumTxResponse } from '@photon/ethermint-wire';
import { type Hex } from '@photon/types';
import { JsonNode } from '../comet/json-read';
import { type CometTxResult } from '../comet/types';

export interface RawLog {
  readonly address: Hex;
  readonly topics: readonly Hex[];
  readonly data: Hex;
}

export interface MessageOutcome {
  readonly logs: readonly RawLog[];
  /** The VM error from `data`, when `data` carried the response. */
  readonly vmError: string | undefined;
}

const hex = (bytes: Uint8Array): Hex => `0x${Buffer.from(bytes).toString('hex')}`;
const lower = (text: string): Hex => text.toLowerCase() as Hex;

/** One outcome per Ethereum message, in message order; `hashes` are the messages' Ethereum hashes. */
export function messageOutcomes(
  result: CometTxResult,
  hashes: readonly string[],
  path: string,
): MessageOutcome[] {
  const responses = responsesFromData(result.data, hashes.length);
  const eventLogs = logsFromEvents(result, hashes, path);
  if (responses === undefined) return eventLogs.map((logs) => ({ logs, vmError: undefined }));
  const dataHasLogs = responses.some((r) => r.logs.length > 0);
  // Some older nodes left the logs out of `data`; their tx_log events still carry them.
  const useEvents = !dataHasLogs && eventLogs.some((logs) => logs.length > 0);
  return responses.map((response, i) => ({
    logs: useEvents ? (eventLogs[i] ?? []) : response.logs.map(fromWireLog),
    vmError: response.vmError,
  }));
}

function responsesFromData(data: Uint8Array, count: number): MsgEthereumTxResponse[] | undefined {
  if (data.length === 0) return undefined;
  try {
    const responses = decodeTxMsgData(data);
    return responses.length === count ? responses : undefined;
  } catch {
    // Not TxMsgData (a foreign or truncated payload): the events are the remaining source.
    return undefined;
  }
}

function fromWireLog(log: MsgEthereumTxResponse['logs'][number]): RawLog {
  return { address: lower(log.address), topics: log.topics.map(lower), data: hex(log.data) };
}

/** `tx_log` events: each log is matched to its message by `transactionHash`, else by event order. */
function logsFromEvents(result: CometTxResult, hashes: readonly string[], path: string): RawLog[][] {
  const perMessage: RawLog[][] = hashes.map(() => []);
  let eventIndex = 0;
  result.events.forEach((event, e) => {
    if (event.type !== 'tx_log') return;
    event.attributes.forEach((attribute, a) => {
      if (attribute.key !== 'txLog') return;
      const node = parseTxLogJson(attribute.value, `${path}.events[${e}].attributes[${a}]`);
      const txHash = node.get('transactionHash');
      const byHash = txHash.isAbsent() ? -1 : hashes.indexOf(txHash.string().toLowerCase());
      const target = byHash >= 0 ? byHash : hashes.length === 1 ? 0 : eventIndex;
      perMessage[target]?.push(readTxLog(node));
    });
    eventIndex++;
  });
  return perMessage;
}

function parseTxLogJson(text: string, path: string): JsonNode {
  try {
    return new JsonNode(JSON.parse(text), path);
  } catch {
    return new JsonNode(text, path).fail('txLog is not JSON');
  }
}

/** Ethermint's types.Log JSON: address (EIP-55), topics, data as base64 (absent when empty). */
function readTxLog(node: JsonNode): RawLog {
  const address = node.get('address');
  if (!/^0x[0-9a-fA-F]{40}$/.test(address.string())) address.fail('expected a 20-byte hex address');
  const topics = node
    .get('topics')
    .array()
    .map((topic) => {
      if (!/^0x[0-9a-fA-F]{64}$/.test(topic.string())) topic.fail('expected a 32-byte hex topic');
      return lower(topic.string());
    });
  return { address: lower(address.string()), topics, data: hex(node.get('data').base64()) };
}
