import type { ExecutableTx } from './decode-tx';
import { Mempool, type NewPendingTx, replacementThreshold } from './mempool';
import type { Hex } from './types';

const A: Hex = `0x${'aa'.repeat(20)}`;
const B: Hex = `0x${'bb'.repeat(20)}`;

function pending(sender: Hex, nonce: bigint, hash: string, feeCap = 100n): NewPendingTx {
  return {
    hash: `0x${hash.padStart(64, '0')}`,
    raw: new Uint8Array(),
    tx: {} as ExecutableTx,
    type: 2,
    sender,
    nonce,
    gasLimit: 21000n,
    feeCap,
    tipCap: feeCap / 10n,
    value: 0n,
    cost: 21000n * feeCap,
    priority: feeCap / 10n,
  };
}

describe(Mempool.name, () => {
  it('default', () => {
    const pool = new Mempool();
    expect(pool.capacity).toBe(5000);
    pool.add(pending(A, 0n, '1'));
    pool.add(pending(B, 4n, '2'));
    pool.add(pending(A, 1n, '3'));
    expect(pool.size).toBe(3);
    expect(pool.ordered().map((tx) => tx.hash.slice(-1))).toEqual(['1', '2', '3']);
    expect(pool.forSender(A).map((tx) => tx.nonce)).toEqual([0n, 1n]);
    expect(pool.find(B, 4n)?.hash.slice(-1)).toBe('2');
  });

  it('behavior: the pending nonce follows the run of consecutive nonces', () => {
    const pool = new Mempool();
    pool.add(pending(A, 3n, '1'));
    pool.add(pending(A, 4n, '2'));
    pool.add(pending(A, 6n, '3'));
    expect(pool.pendingNonce(A, 3n)).toBe(5n);
    expect(pool.pendingNonce(A, 2n)).toBe(2n);
    expect(pool.pendingNonce(B, 9n)).toBe(9n);
  });

  it('behavior: a replacement takes the place of the tx it replaces', () => {
    const pool = new Mempool();
    pool.add(pending(A, 0n, '1'));
    pool.add(pending(B, 0n, '2'));
    const { replaced } = pool.add(pending(A, 0n, '3', 110n));
    expect(replaced?.hash.slice(-1)).toBe('1');
    expect(pool.has(replaced?.hash ?? '0x')).toBe(false);
    expect(pool.ordered().map((tx) => tx.hash.slice(-1))).toEqual(['3', '2']);
  });

  it('behavior: removing the last tx of a sender forgets the sender', () => {
    const pool = new Mempool(1);
    const { added } = pool.add(pending(A, 0n, '1'));
    expect(pool.isFull()).toBe(true);
    expect(pool.remove(added.hash)).toBe(added);
    expect(pool.remove(added.hash)).toBeUndefined();
    expect(pool.forSender(A)).toEqual([]);
    expect(pool.isFull()).toBe(false);
  });

  it('behavior: a clone is a scratch copy that changes apart from the original', () => {
    const pool = new Mempool(3);
    pool.add(pending(A, 0n, '1'));
    const copy = pool.clone();
    copy.add(pending(A, 1n, '2'));
    copy.add(pending(B, 0n, '3'));
    expect(copy.isFull()).toBe(true);
    expect(copy.pendingNonce(A, 0n)).toBe(2n);
    expect(copy.ordered().map((tx) => tx.hash.slice(-1))).toEqual(['1', '2', '3']);
    expect(pool.ordered().map((tx) => tx.hash.slice(-1))).toEqual(['1']);
    expect(pool.pendingNonce(A, 0n)).toBe(1n);
    // Arrival order goes on from the original's.
    expect(pool.add(pending(B, 0n, '4')).added.seq).toBe(copy.get(`0x${'2'.padStart(64, '0')}`)?.seq);
  });

  it('behavior: replacements need 10 % more fee cap and tip (geth thresholds, rounded down)', () => {
    expect(replacementThreshold({ feeCap: 100n, tipCap: 15n })).toEqual({ feeCap: 110n, tipCap: 16n });
  });
});
