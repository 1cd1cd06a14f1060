import { InvalidRequestError, LimitExceededError, parseBody } from '@photon/codec';
import { decodeFrame } from '@photon/ethermint-wire';
import { DEFAULT_METHOD_COST, methodCost } from '@photon/types';
import { engineFrameCost, refusalOf, requestCost } from './request-cost';

const parse = (body: unknown) =>
  parseBody(typeof body === 'string' ? body : JSON.stringify(body), {
    requireVersion: true,
    maxBatchItems: 100,
  });
const item = (id: number | undefined, method: string) => ({
  jsonrpc: '2.0',
  ...(id === undefined ? {} : { id }),
  method,
  params: [],
});

describe(requestCost.name, () => {
  it('default: a single call costs its method', () => {
    expect(requestCost(parse(item(1, 'eth_chainId')))).toBe(1);
    expect(requestCost(parse(item(1, 'eth_call')))).toBe(methodCost('eth_call'));
  });

  it('behavior: a batch costs the sum of its items, notifications and broken items included', () => {
    const batch = [item(1, 'eth_getLogs'), item(2, 'eth_call'), item(undefined, 'eth_chainId'), { id: 4 }];
    expect(requestCost(parse(batch))).toBe(methodCost('eth_getLogs') + methodCost('eth_call') + 1 + 1);
  });

  it('behavior: a body that does not parse costs the default', () => {
    expect(requestCost(parse('{not json'))).toBe(1);
  });
});

describe(engineFrameCost.name, () => {
  it('default: subscribe, unsubscribe and unsubscribe_all cost eth_subscribe and eth_unsubscribe', () => {
    const request = (method: string) => decodeFrame(JSON.stringify({ jsonrpc: '2.0', id: 1, method }));
    expect(engineFrameCost(request('subscribe'))).toBe(methodCost('eth_subscribe'));
    expect(engineFrameCost(request('unsubscribe'))).toBe(methodCost('eth_unsubscribe'));
    expect(engineFrameCost(request('unsubscribe_all'))).toBe(methodCost('eth_unsubscribe'));
  });

  it('behavior: another method, a notification and an unreadable frame cost the default', () => {
    for (const text of ['{"jsonrpc":"2.0","id":1,"method":"status"}', '{"method":"subscribe"}', '{']) {
      expect(engineFrameCost(decodeFrame(text))).toBe(DEFAULT_METHOD_COST);
    }
  });
});

describe(refusalOf.name, () => {
  const error = new LimitExceededError('rate limit exceeded', { limit: 5 }).toErrorObject();

  it('default: every item that expects an answer gets the error under its own id, in order', () => {
    const reply = refusalOf(
      parse([item(1, 'eth_call'), item(undefined, 'eth_chainId'), { id: 3 }, item(4, 'x')]),
      error,
    );
    expect(reply).toEqual([
      { jsonrpc: '2.0', id: 1, error },
      { jsonrpc: '2.0', id: 3, error },
      { jsonrpc: '2.0', id: 4, error },
    ]);
  });

  it('behavior: a single call gets one error, a notification none, a broken body one with id null', () => {
    expect(refusalOf(parse(item(7, 'eth_call')), error)).toEqual({ jsonrpc: '2.0', id: 7, error });
    expect(refusalOf(parse(item(undefined, 'eth_call')), error)).toBeUndefined();
    expect(refusalOf(parse([item(undefined, 'eth_call')]), error)).toBeUndefined();
    expect(refusalOf(parse('{'), error)).toEqual({ jsonrpc: '2.0', id: null, error });
    expect(new InvalidRequestError().code).not.toBe(error.code);
  });
});
