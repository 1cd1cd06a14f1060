import { blockOrder } from './block-order';
import type { ExecutableTx } from './decode-tx';
import { Mempool, type NewPendingTx, PRIORITY_REDUCTION, txPriority } from './mempool';
import type { Hex } from './types';

const sender = (letter: string): Hex => `0x${letter.repeat(40)}`;

/** A pending tx whose hash names it: `<sender><nonce>`, e.g. a0. */
function tx(name: string, priority: bigint): NewPendingTx {
  const nonce = BigInt(name.slice(1));
  return {
    hash: `0x${Buffer.from(name).toString('hex').padStart(64, '0')}`,
    raw: new Uint8Array(),
    tx: {} as ExecutableTx,
    type: 2,
    sender: sender(name[0]!),
    nonce,
    gasLimit: 21000n,
    feeCap: 100n,
    tipCap: 10n,
    value: 0n,
    cost: 2_100_000n,
    priority,
  };
}

const name = (hash: Hex): string => Buffer.from(hash.slice(2), 'hex').toString().replace(/\0/g, '');

function order(...txs: [string, number][]): string[] {
  const pool = new Mempool();
  for (const [n, priority] of txs) pool.add(tx(n, BigInt(priority)));
  return pool.byPriority().map((pending) => name(pending.hash));
}

describe(blockOrder.name, () => {
  it('default: highest priority first, whatever the arrival order', () => {
    expect(order(['a0', 0], ['b0', 200000], ['c0', 400000], ['d0', 600000])).toEqual([
      'd0',
      'c0',
      'b0',
      'a0',
    ]);
  });

  it('behavior: equal priorities keep arrival order', () => {
    expect(order(['b0', 5], ['a0', 5], ['c0', 7], ['d0', 5])).toEqual(['c0', 'b0', 'a0', 'd0']);
  });

  // The Cosmos SDK's priority_nonce_spec.md cases 1, 2 and 4 (a sender's txs in nonce order, else priority).
  it('behavior: a sender keeps nonce order, a higher priority waits behind its lower nonces', () => {
    expect(order(['a0', 20], ['a1', 6], ['a2', 8], ['a3', 21], ['b0', 15])).toEqual([
      'a0',
      'b0',
      'a1',
      'a2',
      'a3',
    ]);
    expect(order(['a0', 3], ['a1', 5], ['a2', 9], ['b0', 6], ['b1', 5], ['b2', 8])).toEqual([
      'b0',
      'b1',
      'b2',
      'a0',
      'a1',
      'a2',
    ]);
    expect(
      order(
        ['a0', 10],
        ['a1', 15],
        ['a2', 30],
        ['a3', 6],
        ['b0', 8],
        ['b1', 20],
        ['b3', 4],
        ['c0', 2],
        ['c3', 90],
      ),
    ).toEqual(['a0', 'a1', 'a2', 'b0', 'b1', 'a3', 'b3', 'c0', 'c3']);
  });

  it('behavior: a nonce sent late still goes before the higher nonces sent earlier', () => {
    expect(order(['a1', 9], ['a0', 1], ['b0', 5])).toEqual(['b0', 'a0', 'a1']);
  });

  it("behavior: a Cosmos tx's messages stay together, at its sender's nonce and its lowest priority", () => {
    const pool = new Mempool();
    pool.add(tx('c0', 6n));
    const cosmosTx = pool.newCosmosTx();
    pool.add(tx('a0', 9n), cosmosTx);
    pool.add(tx('b0', 3n), cosmosTx);
    pool.add(tx('d0', 4n));
    expect(pool.byPriority().map((pending) => name(pending.hash))).toEqual(['c0', 'd0', 'a0', 'b0']);
  });
});

describe(txPriority.name, () => {
  it("default: Ethermint's GetTxPriority (test_priority's four txs)", () => {
    const baseFee = 875_000_000n;
    // dynamic fee: min(baseFee + tip, feeCap) - baseFee; legacy: gasPrice - baseFee; in units of 10^6 wei
    expect(txPriority(baseFee, baseFee)).toBe(0n);
    expect(txPriority(baseFee + PRIORITY_REDUCTION * 200000n, baseFee)).toBe(200000n);
    expect(txPriority(baseFee + PRIORITY_REDUCTION - 1n, baseFee)).toBe(0n);
    expect(txPriority(2n ** 100n, 0n)).toBe(2n ** 63n - 1n);
  });
});
