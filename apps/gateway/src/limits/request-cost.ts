// What one request body spends of a client's rate limit: every batch item counts, weighted by its
// method's cost in the method table; an item that did not even parse counts the default. A frame of
// the engine-event websocket counts the same way, by the eth method it stands for.
import type { ErrorObject, ParsedBody, ParsedItem, Reply, RpcFailure } from '@photon/codec';
import { failure } from '@photon/codec';
import type { DecodedFrame } from '@photon/ethermint-wire';
import { DEFAULT_METHOD_COST, methodCost } from '@photon/types';

export function requestCost(body: ParsedBody): number {
  switch (body.kind) {
    case 'rejected':
      return DEFAULT_METHOD_COST;
    case 'single':
      return itemCost(body.item);
    case 'batch':
      return body.items.reduce((sum, item) => sum + itemCost(item), 0);
  }
}

const itemCost = (item: ParsedItem): number => (item.ok ? methodCost(item.call.method) : DEFAULT_METHOD_COST);

/** The reply of a refused body: `error` for every item that expects an answer, in order. */
export function refusalOf(body: ParsedBody, error: ErrorObject): Reply {
  switch (body.kind) {
    case 'rejected':
      return failure(null, error);
    case 'single':
      return itemRefusal(body.item, error);
    case 'batch': {
      const answers = body.items.flatMap((item) => itemRefusal(item, error) ?? []);
      return answers.length === 0 ? undefined : answers;
    }
  }
}

function itemRefusal(item: ParsedItem, error: ErrorObject): RpcFailure | undefined {
  if (!item.ok) return item.silent === true ? undefined : failure(item.response.id, error);
  return item.call.notification ? undefined : failure(item.call.id, error);
}

/**
 * The eth method whose cost one engine-event websocket method spends: a CometBFT `subscribe` holds an
 * engine subscription as eth_subscribe does, and its undoing costs what eth_unsubscribe does.
 */
const ENGINE_EVENT_METHODS: Readonly<Record<string, string>> = {
  subscribe: 'eth_subscribe',
  unsubscribe: 'eth_unsubscribe',
  unsubscribe_all: 'eth_unsubscribe',
};

/** What one `/websocket` frame spends: its method's eth counterpart; any other frame the default. */
export function engineFrameCost(frame: DecodedFrame): number {
  if (frame.kind !== 'request') return DEFAULT_METHOD_COST;
  const counterpart = ENGINE_EVENT_METHODS[frame.method];
  return counterpart === undefined ? DEFAULT_METHOD_COST : methodCost(counterpart);
}
