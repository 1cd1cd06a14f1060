// CometBFT JSON of ABCI results: tx results and events (int64 as strings, bytes as base64).
import { encodeBase64, encodeInt64 } from '../comet';
import type { AbciEvent, TxResult } from '../chain/abci-results';

export function eventsJson(events: readonly AbciEvent[]) {
  return events.map((event) => ({
    type: event.type,
    attributes: event.attributes.map(({ key, value, index }) => ({ key, value, index })),
  }));
}

export function txResultJson(result: TxResult) {
  return {
    code: result.code,
    data: result.data.length === 0 ? null : encodeBase64(result.data),
    log: result.log,
    info: result.info,
    gas_wanted: encodeInt64(result.gasWanted),
    gas_used: encodeInt64(result.gasUsed),
    events: eventsJson(result.events),
    codespace: result.codespace,
  };
}
