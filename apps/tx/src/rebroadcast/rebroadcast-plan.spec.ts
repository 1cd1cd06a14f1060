import type { AcceptedTxRecord } from '@photon/engine-client';
import { planRound } from './rebroadcast-plan';

const ALICE = '0x' + 'a1'.repeat(20);
const BOB = '0x' + 'b0'.repeat(20);
const NOW = 1_000_000_000;
const settings = { blocks: 3, lifetimeMs: 60_000 };

const hashOf = (n: number): string => `0x${n.toString(16).padStart(64, '0')}`;
function kept(n: number, sender: string, nonce: bigint, acceptedAtMs = NOW - 1_000): AcceptedTxRecord {
  return { hash: hashOf(n), sender, nonce, raw: '0x00', acceptedAtMs };
}
const hashes = (groups: readonly (readonly AcceptedTxRecord[])[]) =>
  groups.map((g) => g.map((tx) => tx.hash));

describe(planRound.name, () => {
  it('default: txs missing from a complete listing (the engine lost them) go at once, per sender by nonce', () => {
    const txs = [kept(1, ALICE, 6n), kept(2, BOB, 0n), kept(3, ALICE, 5n)];
    const plan = planRound({ txs, replaced: [], complete: true, recorded: 5 }, 10n, new Map(), settings, NOW);
    expect(hashes(plan.due)).toEqual([[hashOf(3), hashOf(1)], [hashOf(2)]]);
    expect(plan.expired).toEqual([]);
  });

  it('behavior: past one listing page a tx goes only once N blocks showed it unmined', () => {
    const nextTry = new Map<string, bigint>();
    const unlisted = { txs: [kept(1, ALICE, 0n)], replaced: [], complete: false, recorded: 150 };
    expect(planRound(unlisted, 10n, nextTry, settings, NOW).due).toEqual([]);
    expect(planRound(unlisted, 12n, nextTry, settings, NOW).due).toEqual([]);
    expect(hashes(planRound(unlisted, 13n, nextTry, settings, NOW).due)).toEqual([[hashOf(1)]]);
  });

  it('behavior: a tx sent (or refused) at height H waits until H + N, even when the listing is complete', () => {
    const nextTry = new Map([[hashOf(1), 13n]]);
    const unlisted = {
      txs: [kept(1, ALICE, 0n), kept(2, BOB, 0n)],
      replaced: [],
      complete: true,
      recorded: 2,
    };
    expect(hashes(planRound(unlisted, 12n, nextTry, settings, NOW).due)).toEqual([[hashOf(2)]]);
    expect(hashes(planRound(unlisted, 13n, nextTry, settings, NOW).due)).toEqual([[hashOf(1)], [hashOf(2)]]);
  });

  it('behavior: a tx no longer unlisted (mined, listed again, dropped) is forgotten', () => {
    const nextTry = new Map([
      [hashOf(1), 20n],
      [hashOf(2), 20n],
    ]);
    planRound(
      { txs: [kept(2, BOB, 0n)], replaced: [], complete: true, recorded: 1 },
      10n,
      nextTry,
      settings,
      NOW,
    );
    expect([...nextTry.keys()]).toEqual([hashOf(2)]);
  });

  it('error: a tx kept past the lifetime expires instead of going again', () => {
    const old = kept(1, ALICE, 0n, NOW - 60_000);
    const nextTry = new Map([[old.hash, 0n]]);
    const plan = planRound(
      { txs: [old, kept(2, ALICE, 1n)], replaced: [], complete: true, recorded: 2 },
      10n,
      nextTry,
      settings,
      NOW,
    );
    expect(plan.expired).toEqual([old]);
    expect(hashes(plan.due)).toEqual([[hashOf(2)]]);
    expect(nextTry.has(old.hash)).toBe(false);
  });
});
