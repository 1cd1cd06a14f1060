// Unit tests for the workload bodies and the preflight checks of their replies.
import { toQuantity, zeroPadValue } from 'ethers';

import { HOLDER, LOGS_IN_RANGE, RECEIPT_TX_HASH, TOKEN, TRANSFERS, TRANSFER_AMOUNT } from './bench-chain';
import { WORKLOADS, type Workload, batch, callerAddress, single } from './workloads';

const workload = (name: string): Workload => {
  const found = WORKLOADS.find((w) => w.name === name);
  if (found === undefined) throw new Error(`no workload ${name}`);
  return found;
};
const success = (result: unknown): unknown => ({ jsonrpc: '2.0', id: 1, result });

describe('WORKLOADS', () => {
  it('default: every body is a JSON-RPC 2.0 request or batch with as many calls as it counts', () => {
    for (const w of WORKLOADS) {
      const parsed = JSON.parse(w.body) as unknown;
      const calls = Array.isArray(parsed) ? parsed : [parsed];
      expect(calls).toHaveLength(w.calls);
      for (const c of calls) expect(c).toMatchObject({ jsonrpc: '2.0', method: expect.any(String) });
    }
  });

  it('behavior: eth_call expects the holder balance the bench chain leaves', () => {
    const expected = zeroPadValue(toQuantity(TRANSFER_AMOUNT * BigInt(TRANSFERS)), 32);
    expect(workload('eth_call').check(success(expected))).toBeUndefined();
    expect(workload('eth_call').check(success(zeroPadValue('0x01', 32)))).toMatch(
      /^result "0x0+1", expected/,
    );
  });

  it('behavior: every eth_getLogs workload expects every Transfer of the range', () => {
    for (const name of [
      'eth_getLogs-1000blocks',
      'eth_getLogs-1000blocks-address',
      'eth_getLogs-1000blocks-topic',
    ]) {
      const check = workload(name).check;
      expect(check(success(Array.from({ length: LOGS_IN_RANGE }, () => ({}))))).toBeUndefined();
      expect(check(success([]))).toBe(`expected ${LOGS_IN_RANGE} logs, got 0`);
    }
  });

  it('behavior: the eth_getLogs workloads filter by address and topic, address only, topic only', () => {
    const filter = (name: string): Record<string, unknown> =>
      (JSON.parse(workload(name).body) as { params: [Record<string, unknown>] }).params[0];
    const range = { fromBlock: '0x1', toBlock: '0x3e8' };
    expect(filter('eth_getLogs-1000blocks')).toEqual({
      ...range,
      address: TOKEN,
      topics: [expect.any(String)],
    });
    expect(filter('eth_getLogs-1000blocks-address')).toEqual({ ...range, address: TOKEN });
    expect(filter('eth_getLogs-1000blocks-topic')).toEqual({ ...range, topics: [expect.any(String)] });
  });

  it('behavior: eth_call-distinct sends a different caller per request and checks the holder in preflight', () => {
    const w = workload('eth_call-distinct');
    const bodyAt = w.bodyAt;
    if (bodyAt === undefined) throw new Error('eth_call-distinct has no bodyAt');
    const bodies = Array.from({ length: 1000 }, (_, n) => bodyAt(n));
    expect(new Set(bodies).size).toBe(1000);
    const data = (body: string): string =>
      (JSON.parse(body) as { params: [{ data: string }] }).params[0].data;
    expect(data(bodies[5] ?? '')).toMatch(new RegExp(`${callerAddress(5).slice(2)}$`, 'i'));
    expect(data(w.body)).toMatch(new RegExp(`${HOLDER.slice(2)}$`, 'i'));
    expect(
      w.check(success(zeroPadValue(toQuantity(TRANSFER_AMOUNT * BigInt(TRANSFERS)), 32))),
    ).toBeUndefined();
  });

  it('behavior: the repeated workloads have no per-request bodies', () => {
    expect(WORKLOADS.filter((w) => 'bodyAt' in w).map((w) => w.name)).toEqual([
      'eth_call-distinct',
      'public-mix',
    ]);
  });

  it('behavior: eth_getTransactionReceipt asks for the first transfer and wants it successful', () => {
    const w = workload('eth_getTransactionReceipt');
    expect(JSON.parse(w.body)).toMatchObject({ params: [RECEIPT_TX_HASH] });
    expect(w.check(success({ transactionHash: RECEIPT_TX_HASH, status: '0x1' }))).toBeUndefined();
    expect(w.check(success({ transactionHash: RECEIPT_TX_HASH, status: '0x0' }))).toMatch(/status "0x0"/);
    expect(w.check(success(null))).toMatch(/is no receipt/);
  });

  it('behavior: eth_getBalance-batch100 asks for 100 distinct accounts, the holder first', () => {
    const w = workload('eth_getBalance-batch100');
    const calls = JSON.parse(w.body) as { id: number; params: [string, string] }[];
    expect(calls).toHaveLength(100);
    expect(calls[0]?.params[0]).toBe(HOLDER);
    expect(new Set(calls.map((c) => c.params[0])).size).toBe(100);
    expect(new Set(calls.map((c) => c.id)).size).toBe(100);
    const replies = calls.map((c) => ({ jsonrpc: '2.0', id: c.id, result: '0x0' }));
    expect(w.check(replies)).toBeUndefined();
    expect(w.check([...replies.slice(1), { jsonrpc: '2.0', id: 1, result: 12 }])).toMatch(/not a QUANTITY/);
  });

  it('behavior: eth_blockNumber and eth_getBalance expect a QUANTITY', () => {
    for (const name of ['eth_blockNumber', 'eth_getBalance']) {
      expect(workload(name).check(success('0x3f2'))).toBeUndefined();
      expect(workload(name).check(success('0x03f2'))).toMatch(/is not a QUANTITY$/);
    }
  });

  it('error: a JSON-RPC error fails the check before the result is looked at', () => {
    const reply = { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'nope' } };
    expect(workload('eth_call').check(reply)).toMatch(/^JSON-RPC error /);
  });
});

describe(callerAddress.name, () => {
  it('default: a 20-byte address carrying the counter', () => {
    expect(callerAddress(0)).toBe('0xca11e70000000000000000000000000000000000');
    expect(callerAddress(255)).toBe('0xca11e700000000000000000000000000000000ff');
  });

  it('error: a negative or fractional index', () => {
    expect(() => callerAddress(-1)).toThrow(RangeError);
    expect(() => callerAddress(0.5)).toThrow(RangeError);
  });
});

describe(single.name, () => {
  it('default: without a result check any success passes', () => {
    expect(single('x', 'web3_clientVersion').check(success(null))).toBeUndefined();
  });
});

describe(batch.name, () => {
  it('error: a short batch reply', () => {
    expect(batch('b', 2, 'web3_clientVersion').check([success(1)])).toBe(
      'batch reply has 1 entries, expected 2',
    );
  });
});
