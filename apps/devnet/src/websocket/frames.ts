// The devnet's events in the frame encoding of a CometBFT node (the encoding itself lives in
// @photon/ethermint-wire, shared with the gateway's engine-event websocket).
import { type EncodedEvent, encodeEventParts } from '@photon/ethermint-wire';
import type { CometEvent } from '../events/comet-event';

export function encodeEvent(event: CometEvent): EncodedEvent {
  return encodeEventParts(`tendermint/event/${event.type}`, event.value, event.events);
}
