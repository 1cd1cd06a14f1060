// The accepted-tx record against both implementations: memory (`photon start`) and Redis (the machine's
// real Redis under a private prefix, two connections standing for two replicas).
import { waitFor } from '@photon/testing';
import { inMemory, overRedis } from '../testing/replicas';
import type { AcceptedTx, AcceptedTxStore } from './accepted-tx-store';
import { type AcceptedTxStoreLimits, MemoryAcceptedTxStore } from './memory-accepted-tx-store';
import { RedisAcceptedTxStore } from './redis-accepted-tx-store';

const ALICE = '0x52908400098527886E0F7030069857D2E4169EE7';
const BOB = '0x000000000000000000000000000000000000bEEF';

const hashOf = (n: number): string => `0x${n.toString(16).padStart(64, '0')}`;
function tx(n: number, sender: string, nonce: bigint, acceptedAtMs = Date.now()): AcceptedTx {
  return { hash: hashOf(n), sender, nonce, raw: `0x02${n.toString(16).padStart(4, '0')}`, acceptedAtMs };
}

describe.each([
  [
    'MemoryAcceptedTxStore',
    inMemory<AcceptedTxStore, AcceptedTxStoreLimits>((limits) => new MemoryAcceptedTxStore(limits)),
  ],
  [
    'RedisAcceptedTxStore',
    overRedis<AcceptedTxStore, AcceptedTxStoreLimits>(
      'photon-accepted-spec',
      (redis, prefix, limits) => new RedisAcceptedTxStore(redis, { prefix, ...limits }),
    ),
  ],
])('%s', (_name, makeReplicas) => {
  const replicas = makeReplicas();
  afterAll(() => replicas.close());

  it('a record one replica adds, the other reads: by hash (any case), by sender by nonce, all by arrival', async () => {
    const [writer, reader] = await replicas.pair();
    await writer.add(tx(1, ALICE, 7n));
    await writer.add(tx(2, BOB, 0n));
    await writer.add(tx(3, ALICE, 5n));
    expect(await reader.get(hashOf(1).toUpperCase().replace('0X', '0x'))).toEqual({
      ...tx(1, ALICE, 7n),
      sender: ALICE.toLowerCase(),
      acceptedAtMs: expect.any(Number) as number,
    });
    expect((await reader.forSender(ALICE.toLowerCase())).map((t) => t.nonce)).toEqual([5n, 7n]);
    expect((await reader.list()).map((t) => t.hash)).toEqual([hashOf(1), hashOf(2), hashOf(3)]);
    expect(await reader.get(hashOf(9))).toBeNull();
  });

  it('a tx with the sender and nonce of a recorded one replaces it, as the pool did', async () => {
    const [writer, reader] = await replicas.pair();
    await writer.add(tx(1, ALICE, 0n));
    await writer.add(tx(2, ALICE, 0n));
    expect(await reader.get(hashOf(1))).toBeNull();
    expect((await reader.forSender(ALICE)).map((t) => t.hash)).toEqual([hashOf(2)]);
    expect((await reader.list()).map((t) => t.hash)).toEqual([hashOf(2)]);
  });

  it('removed records are gone from every view; unknown hashes are ignored', async () => {
    const [writer, reader] = await replicas.pair();
    await writer.add(tx(1, ALICE, 0n));
    await writer.add(tx(2, ALICE, 1n));
    await reader.remove([hashOf(1), hashOf(99)]);
    expect(await writer.get(hashOf(1))).toBeNull();
    expect((await writer.forSender(ALICE)).map((t) => t.hash)).toEqual([hashOf(2)]);
    expect((await writer.list()).map((t) => t.hash)).toEqual([hashOf(2)]);
    await reader.remove([]);
  });

  it('past the record cap the oldest records go first', async () => {
    const [writer, reader] = await replicas.pair({ maxRecords: 3 });
    for (let n = 1; n <= 5; n++) await writer.add(tx(n, ALICE, BigInt(n)));
    expect((await reader.list()).map((t) => t.hash)).toEqual([hashOf(3), hashOf(4), hashOf(5)]);
    expect((await reader.forSender(ALICE)).map((t) => t.nonce)).toEqual([3n, 4n, 5n]);
    expect(await reader.get(hashOf(1))).toBeNull();
  });

  it('a record older than the maximum age is taken as dropped', async () => {
    const [writer, reader] = await replicas.pair({ maxAgeMs: 60_000 });
    await writer.add(tx(1, ALICE, 0n, Date.now() - 61_000));
    await writer.add(tx(2, ALICE, 1n));
    expect(await reader.get(hashOf(1))).toBeNull();
    expect((await reader.list()).map((t) => t.hash)).toEqual([hashOf(2)]);
    expect((await reader.forSender(ALICE)).map((t) => t.hash)).toEqual([hashOf(2)]);
  });

  it('behavior: refusals count per tx across replicas and go with the record', async () => {
    const [writer, reader] = await replicas.pair();
    await writer.add(tx(1, ALICE, 0n));
    expect(await writer.refused(hashOf(1))).toBe(1);
    expect(await reader.refused(hashOf(1).toUpperCase().replace('0X', '0x'))).toBe(2);
    await reader.remove([hashOf(1)]);
    await writer.add(tx(1, ALICE, 0n));
    expect(await writer.refused(hashOf(1))).toBe(1);
  });

  it('behavior: one replica per turn gets to rebroadcast; the turn comes back once it ends', async () => {
    const [one, two] = await replicas.pair();
    const turns = [await one.takeTurn(60_000), await two.takeTurn(60_000)];
    // In memory both "replicas" are the one process, whose rebroadcaster always has the turn.
    expect(turns).toEqual(one === two ? [true, true] : [true, false]);
    const [three, four] = await replicas.pair();
    expect(await three.takeTurn(30)).toBe(true);
    await waitFor(() => four.takeTurn(30), { what: 'the next turn' });
  });
});
