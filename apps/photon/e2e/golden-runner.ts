// Sends one golden file's requests in order and returns the exchanges as a file writes them: record
// and replay go through this one path, so what replay compares is what record wrote.
import { rpcRaw } from '@photon/testing';
import type { GoldenExchange } from './golden-io';
import { FILTER_ID_SHAPE, FILTER_MAKERS, FILTER_STAND_IN, machineFree } from './golden-volatile';

/** A deep copy of a JSON value with every string passed through `map`. */
function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]));
  }
  return value;
}

const field = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;

export async function runExchanges(httpUrl: string, requests: readonly unknown[]): Promise<GoldenExchange[]> {
  /** Stand-in → the live filter id it names in this run. */
  const live = new Map<string, string>();
  const exchanges: GoldenExchange[] = [];
  for (const request of requests) {
    const sent = mapStrings(request, (text) => live.get(text) ?? text);
    const reply = await rpcRaw(httpUrl, JSON.stringify(sent));
    if (reply.json === undefined) {
      throw new Error(
        `HTTP ${reply.status}, not JSON, for ${JSON.stringify(sent)}: ${reply.text.slice(0, 300)}`,
      );
    }
    const method = field(request, 'method');
    const result = field(reply.json, 'result');
    if (typeof method === 'string' && FILTER_MAKERS.has(method) && typeof result === 'string') {
      // An id of another shape is left as it came, so the comparison shows it.
      if (FILTER_ID_SHAPE.test(result)) live.set(FILTER_STAND_IN(live.size + 1), result);
    }
    const standIns = new Map([...live].map(([standIn, id]) => [id, standIn]));
    let response = mapStrings(reply.json, (text) => standIns.get(text) ?? text);
    if (method === 'web3_clientVersion' && typeof result === 'string') {
      response = { ...(response as Record<string, unknown>), result: machineFree(result) };
    }
    exchanges.push({ request, response });
  }
  return exchanges;
}
