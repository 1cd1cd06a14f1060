// The text frames a CometBFT node writes on its websocket, byte for byte as its json.Marshal would:
// compact, with <, >, & and the JS line separators escaped, parse errors without an id.
import type { CometRpcResponse, RpcId } from './rpc-responses';

const GO_ESCAPES: Readonly<Record<string, string>> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON text as encoding/json writes it; the escaped characters only ever occur inside strings. */
export function goJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => GO_ESCAPES[char] ?? char);
}

export function responseFrame(response: CometRpcResponse): string {
  return goJson(response);
}

/** RPCParseError has a nil id, which `id,omitempty` leaves out of the frame. */
export function parseErrorFrame(reason: string): string {
  return goJson({
    jsonrpc: '2.0',
    error: {
      code: -32700,
      message: 'Parse error. Invalid JSON',
      data: `error unmarshaling request: ${reason}`,
    },
  });
}

/** An event's `data` and `events`, encoded once however many subscriptions it goes to. */
export interface EncodedEvent {
  readonly data: string;
  readonly events: string;
}

/** Encodes `data` ({type: "tendermint/event/…", value}) and `events` with the map keys sorted, as Go does. */
export function encodeEventParts(
  type: string,
  value: unknown,
  events: Readonly<Record<string, readonly string[]>>,
): EncodedEvent {
  const keys = Object.keys(events).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    data: goJson({ type, value }),
    events: goJson(Object.fromEntries(keys.map((key) => [key, events[key]]))),
  };
}

/** ResultEvent on the subscribe request's id; `query` is the text the client subscribed with. */
export function eventFrame(id: RpcId, query: string, event: EncodedEvent): string {
  return `{"jsonrpc":"2.0","id":${goJson(id)},"result":{"query":${goJson(query)},"data":${event.data},"events":${event.events}}}`;
}
