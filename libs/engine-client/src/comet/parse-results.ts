// Decoding of ABCI results: events (plain strings since CometBFT 0.37, base64 in 0.34), tx results and
// `block_results` in both shapes (0.38 finalize_block_events, 0.34/0.37 begin_block_events + end_block_events).
import { type JsonNode } from './json-read';
import {
  type CometBlockResults,
  type CometEvent,
  type CometEventAttribute,
  type CometParamUpdates,
  type CometTxResult,
} from './types';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const PRINTABLE_KEY = /^[\x21-\x7e]+$/;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A 0.34 attribute as text: UTF-8 when it is, else one char per byte (Ethermint's raw bloom bytes survive). */
function fromBase64(text: string): string {
  const bytes = Buffer.from(text, 'base64');
  try {
    return utf8.decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/**
 * CometBFT 0.34 wrote attribute keys and values as base64 bytes. An event is read as base64 when every key is
 * base64 of printable ASCII: plain keys (`amount`, `ethereumTxHash`, `mode`) never decode to that.
 */
function isBase64Event(attributes: readonly { key: string; value: string | null }[]): boolean {
  return (
    attributes.length > 0 &&
    attributes.every(
      ({ key, value }) =>
        key.length > 0 &&
        BASE64.test(key) &&
        PRINTABLE_KEY.test(fromBase64(key)) &&
        (value === null || BASE64.test(value)),
    )
  );
}

export function parseEvents(node: JsonNode): CometEvent[] {
  return node.array().map((event) => {
    const raw = event
      .get('attributes')
      .array()
      .map((attribute) => {
        const value = attribute.get('value');
        const index = attribute.get('index');
        return {
          key: attribute.get('key').optionalString(),
          value: value.isAbsent() ? null : value.string(),
          index: index.isAbsent() ? false : index.boolean(),
        };
      });
    const encoded = isBase64Event(raw);
    const attributes = raw.map(({ key, value, index }): CometEventAttribute => ({
      key: encoded ? fromBase64(key) : key,
      value: value === null ? '' : encoded ? fromBase64(value) : value,
      index,
    }));
    return { type: event.get('type').string(), attributes };
  });
}

export function parseTxResult(node: JsonNode): CometTxResult {
  const code = node.get('code');
  const gasWanted = node.get('gas_wanted');
  const gasUsed = node.get('gas_used');
  return {
    // Go's omitempty drops code 0 in some encoders.
    code: code.isAbsent() ? 0 : code.int32(),
    data: node.get('data').base64(),
    log: node.get('log').optionalString(),
    info: node.get('info').optionalString(),
    gasWanted: gasWanted.isAbsent() ? 0n : gasWanted.int64(),
    gasUsed: gasUsed.isAbsent() ? 0n : gasUsed.int64(),
    events: parseEvents(node.get('events')),
    codespace: node.get('codespace').optionalString(),
  };
}

/** `consensus_param_updates`: null, or the params changed (CometBFT replaces a group given whole). */
function parseParamUpdates(node: JsonNode): CometParamUpdates | null {
  if (node.isAbsent()) return null;
  const block = node.get('block');
  if (block.isAbsent()) return { block: false, blockMaxGas: undefined };
  const maxGas = block.get('max_gas');
  return { block: true, blockMaxGas: maxGas.isAbsent() ? undefined : maxGas.int64() };
}

export function parseBlockResults(node: JsonNode): CometBlockResults {
  const finalize = node.get('finalize_block_events');
  const begin = node.get('begin_block_events');
  const end = node.get('end_block_events');
  const isFinalize = !finalize.isAbsent() || (begin.value === undefined && end.value === undefined);
  const appHash = node.get('app_hash');
  const updates = node.get('consensus_param_updates');
  return {
    height: node.get('height').int64(),
    txsResults: node.get('txs_results').array().map(parseTxResult),
    blockEvents: isFinalize ? parseEvents(finalize) : [...parseEvents(begin), ...parseEvents(end)],
    layout: isFinalize ? 'finalize-block' : 'begin-end-block',
    appHash: appHash.isAbsent() ? undefined : bytesToHex(appHash.base64()),
    consensusParamUpdates: updates.value === undefined ? undefined : parseParamUpdates(updates),
  };
}

const bytesToHex = (bytes: Uint8Array): `0x${string}` => `0x${Buffer.from(bytes).toString('hex')}`;
