// One event pushed on a CometBFT `/websocket` subscription, decoded from its JSON-RPC envelope.
import { type JsonNode } from '../comet/json-read';

export interface CometEventMessage {
  /** The subscription's query, e.g. `tm.event='NewBlock'`. */
  readonly query: string;
  /** `tendermint/event/NewBlock`, `…/NewBlockHeader`, `…/Tx`, … */
  readonly type: string;
  /** The event data as the node wrote it (block, header or TxResult JSON). */
  readonly value: unknown;
  /** Composite keys (`tm.event`, `tx.hash`, `ethereum_tx.ethereumTxHash`, …) and their values. */
  readonly events: Readonly<Record<string, readonly string[]>>;
}

export function parseEventMessage(result: JsonNode): CometEventMessage {
  const data = result.get('data');
  const events: Record<string, readonly string[]> = {};
  const eventsNode = result.get('events');
  if (!eventsNode.isAbsent()) {
    for (const key of Object.keys(eventsNode.object())) {
      events[key] = eventsNode
        .get(key)
        .array()
        .map((value) => value.string());
    }
  }
  return {
    query: result.get('query').string(),
    type: data.get('type').string(),
    value: data.get('value').value,
    events,
  };
}

/**
 * The block height an event belongs to, if it says: `block.height` or `tx.height` among its keys, else the
 * height in its data (`block.header.height` of NewBlock, `header.height` of NewBlockHeader), for nodes that
 * do not add the key.
 */
export function eventHeight(event: CometEventMessage): bigint | undefined {
  const value = event.value as {
    block?: { header?: { height?: unknown } };
    header?: { height?: unknown };
  } | null;
  const text =
    event.events['block.height']?.[0] ??
    event.events['tx.height']?.[0] ??
    value?.block?.header?.height ??
    value?.header?.height;
  return typeof text === 'string' && /^[0-9]+$/.test(text) ? BigInt(text) : undefined;
}
