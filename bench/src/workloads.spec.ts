// Unit tests for the workload bodies and the preflight checks of their replies.
import { toQuantity, zeroPadValue } from 'ethers';

import { LOGS_IN_RANGE, TRANSFERS, TRANSFER_AMOUNT } from './bench-chain';
import { WORKLOADS, type Workload, batch, single } from './workloads';

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

  it('behavior: eth_getLogs expects every Transfer of the range', () => {
    const check = workload('eth_getLogs-1000blocks').check;
    expect(check(success(Array.from({ length: LOGS_IN_RANGE }, () => ({}))))).toBeUndefined();
    expect(check(success([]))).toBe(`expected ${LOGS_IN_RANGE} logs, got 0`);
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
