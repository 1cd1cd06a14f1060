// Unit tests for the public-endpoint mix: its shares, its distinct arguments and its preflight.
import { HOLDER, LOG_RANGE, RECEIPT_TX_HASH } from './bench-chain';
import { MIX_LOG_WINDOW, PUBLIC_MIX, mixCycle, publicMix, publicMixMethods } from './public-mix';
import { HOLDER_TOKENS } from './rpc-calls';

interface Request {
  method: string;
  params: unknown[];
}
const mix = publicMix('public-mix');
const bodyAt = mix.bodyAt ?? ((): string => '');
const requests = (count: number): Request[] =>
  Array.from({ length: count }, (_, n) => JSON.parse(bodyAt(n)) as Request);
const success = (result: unknown): unknown => ({ jsonrpc: '2.0', id: 1, result });

describe(mixCycle.name, () => {
  it('default: each method as often as its weight, spread out', () => {
    const cycle = mixCycle([3, 1]);
    expect(cycle.map((s) => s.method)).toEqual([0, 0, 1, 0]);
    expect(cycle.map((s) => s.rank)).toEqual([0, 1, 0, 2]);
  });

  it('behavior: no method comes twice in a row more than its share needs', () => {
    const cycle = mixCycle(PUBLIC_MIX.map((m) => m.weight));
    expect(cycle).toHaveLength(100);
    const twice = cycle.filter((s, i) => i > 0 && cycle[i - 1]?.method === s.method && s.method !== 0);
    expect(twice).toEqual([]);
  });

  it('error: a fractional or negative weight', () => {
    expect(() => mixCycle([1.5])).toThrow(RangeError);
    expect(() => mixCycle([-1])).toThrow(RangeError);
  });
});

describe(publicMix.name, () => {
  it('default: the shares of the mix, eth_call the largest, then block, receipt, log, balance and head reads', () => {
    const counts = new Map<string, number>();
    for (const r of requests(1000)) counts.set(r.method, (counts.get(r.method) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({
      eth_call: 400,
      eth_getBlockByNumber: 200,
      eth_getTransactionReceipt: 120,
      eth_getLogs: 100,
      eth_getBalance: 100,
      eth_blockNumber: 80,
    });
  });

  it('behavior: every eth_call and eth_getBalance asks about an account no other request does', () => {
    const all = requests(5000);
    const calls = all.filter((r) => r.method === 'eth_call').map((r) => JSON.stringify(r.params));
    const balances = all.filter((r) => r.method === 'eth_getBalance').map((r) => r.params[0]);
    expect(new Set(calls).size).toBe(calls.length);
    expect(new Set(balances).size).toBe(balances.length);
  });

  it('behavior: block and log reads walk the chain within the bench range', () => {
    const all = requests(3000);
    const blocks = all.filter((r) => r.method === 'eth_getBlockByNumber').map((r) => Number(r.params[0]));
    expect(new Set(blocks).size).toBe(blocks.length);
    expect(Math.min(...blocks)).toBe(1);
    const windows = all
      .filter((r) => r.method === 'eth_getLogs')
      .map((r) => r.params[0] as { fromBlock: string; toBlock: string });
    for (const w of windows) {
      expect(Number(w.toBlock) - Number(w.fromBlock) + 1).toBe(MIX_LOG_WINDOW);
      expect(Number(w.fromBlock)).toBeGreaterThanOrEqual(LOG_RANGE.fromBlock);
      expect(Number(w.toBlock)).toBeLessThanOrEqual(LOG_RANGE.toBlock);
    }
    expect(new Set(windows.map((w) => w.fromBlock)).size).toBe(windows.length);
  });

  it('behavior: the preflight sends each method once and checks the answers the chain makes certain', () => {
    const preflights = [{ body: mix.body, check: mix.check }, ...(mix.alsoPreflight ?? [])];
    expect(preflights.map((p) => (JSON.parse(p.body) as Request).method)).toEqual(
      PUBLIC_MIX.map((m) => m.method),
    );
    const [call, block, receipt, logs, balance] = preflights;
    expect(call?.check(success(HOLDER_TOKENS))).toBeUndefined();
    expect(call?.check(success('0x'))).toMatch(/expected/);
    expect(block?.check(success({ number: '0x1' }))).toBeUndefined();
    expect(block?.check(success(null))).toMatch(/not block 0x1/);
    expect(receipt?.check(success({ transactionHash: RECEIPT_TX_HASH, status: '0x1' }))).toBeUndefined();
    expect(logs?.check(success([]))).toMatch(/expected 11 logs/);
    expect((JSON.parse(balance?.body ?? '{}') as Request).params).toEqual([HOLDER, 'latest']);
    expect(balance?.check({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'x' } })).toMatch(
      /^JSON-RPC error/,
    );
  });
});

describe(publicMixMethods.name, () => {
  const methods = publicMixMethods();
  const sent = (workload: (typeof methods)[number], count: number): Request[] =>
    Array.from({ length: count }, (_, n) => JSON.parse(workload.bodyAt?.(n) ?? '{}') as Request);

  it('default: one workload per method of the mix, named after it', () => {
    expect(methods.map((w) => w.name)).toEqual(PUBLIC_MIX.map((m) => `public-mix:${m.method}`));
  });

  it('behavior: each sends only its method, with the arguments that method has in the mix', () => {
    for (const [i, workload] of methods.entries()) {
      const method = PUBLIC_MIX[i]!;
      const requests = sent(workload, 50);
      expect(new Set(requests.map((r) => r.method))).toEqual(new Set([method.method]));
      expect(requests.map((r) => r.params)).toEqual(
        Array.from({ length: 50 }, (_, k) => JSON.parse(JSON.stringify(method.paramsAt(k))) as unknown),
      );
      expect(JSON.parse(workload.body)).toMatchObject({
        method: method.method,
        params: method.preflightParams,
      });
      expect(workload.alsoPreflight).toEqual([]);
    }
  });
});
