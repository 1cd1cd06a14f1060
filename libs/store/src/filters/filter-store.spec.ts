// The filter contract against both implementations: memory (`photon start`) and Redis (the machine's real
// Redis under a private prefix, two connections standing for two replicas).
import { inMemory, overRedis } from '../testing/replicas';
import { FilterCapError, type FilterRecord, type FilterStore } from './filter-store';
import { type FilterStoreSettings, MemoryFilterStore } from './memory-filter-store';
import { RedisFilterStore } from './redis-filter-store';

const idOf = (n: number): string => `0x${n.toString(16).padStart(32, '0')}`;
function filter(n: number, client = '10.0.0.1', cursor = '7'): FilterRecord {
  return { id: idOf(n), kind: 'logs', criteria: { address: ['0xbeef'], topics: [null] }, cursor, client };
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each([
  [
    'MemoryFilterStore',
    inMemory<FilterStore, FilterStoreSettings>((settings) => new MemoryFilterStore(settings)),
  ],
  [
    'RedisFilterStore',
    overRedis<FilterStore, FilterStoreSettings>(
      'photon-filter-spec',
      (redis, prefix, settings) => new RedisFilterStore(redis, { prefix, ...settings }),
    ),
  ],
])('%s', (_name, makeReplicas) => {
  const replicas = makeReplicas();
  afterAll(() => replicas.close());

  it('default: a filter one replica installs, the other reads with its criteria and cursor', async () => {
    const [one, two] = await replicas.pair();
    await one.install(filter(1));
    await one.install({ id: idOf(2), kind: 'blocks', cursor: '3', client: '10.0.0.1' });
    expect(await two.get(idOf(1).toUpperCase().replace('0X', '0x'))).toEqual(filter(1));
    expect(await two.get(idOf(2))).toEqual({ id: idOf(2), kind: 'blocks', cursor: '3', client: '10.0.0.1' });
    expect(await two.get(idOf(3))).toBeNull();
    expect(await two.count()).toBe(2);
  });

  it('behavior: the cursor moves only from where it stands, so two polls never deliver the same changes', async () => {
    const [one, two] = await replicas.pair();
    await one.install(filter(1));
    const polls = await Promise.all([one.advance(idOf(1), '7', '9'), two.advance(idOf(1), '7', '9')]);
    expect(polls.filter(Boolean)).toHaveLength(1);
    expect(await two.advance(idOf(1), '7', '12')).toBe(false);
    expect(await one.advance(idOf(1), '9', '12')).toBe(true);
    expect((await two.get(idOf(1)))?.cursor).toBe('12');
    expect(await one.advance(idOf(9), '0', '1')).toBe(false);
  });

  it('behavior: a proposed cursor moves only when its poll is confirmed; an unconfirmed one is polled again', async () => {
    const [one, two] = await replicas.pair();
    await one.install(filter(1));
    // A poll whose reply was lost: proposed, never confirmed. The next poll still starts at 7.
    expect(await one.propose(idOf(1), '7', '9', 'lost')).toBe(true);
    expect((await two.get(idOf(1)))?.cursor).toBe('7');
    expect(await two.propose(idOf(1), '7', '12', 'next')).toBe(true);
    // The lost poll's late confirmation is superseded: the later poll carries its changes.
    expect(await one.confirm(idOf(1), 'lost')).toBe('superseded');
    expect(await one.confirm(idOf(1), 'next')).toBe('confirmed');
    expect((await two.get(idOf(1)))?.cursor).toBe('12');
    // Confirmed once: a repeat (its first answer lost) is confirmed again, the lost poll stays superseded,
    // and a proposal from the old cursor is refused.
    expect(await two.confirm(idOf(1), 'next')).toBe('confirmed');
    expect(await two.confirm(idOf(1), 'lost')).toBe('superseded');
    expect(await two.propose(idOf(1), '7', '15', 'stale')).toBe(false);
    expect(await two.confirm(idOf(9), 'next')).toBe('gone');
  });

  it('behavior: the last confirmed polls stay confirmed, through later polls, for confirmations sent again', async () => {
    const [one, two] = await replicas.pair();
    await one.install(filter(1));
    let cursor = 7;
    for (const poll of ['a', 'b', 'c', 'd', 'e']) {
      expect(await one.propose(idOf(1), String(cursor), String(cursor + 1), poll)).toBe(true);
      expect(await two.confirm(idOf(1), poll)).toBe('confirmed');
      cursor++;
    }
    expect(await one.advance(idOf(1), String(cursor), String(cursor + 1))).toBe(true);
    for (const poll of ['b', 'c', 'd', 'e']) expect(await one.confirm(idOf(1), poll)).toBe('confirmed');
    expect(await two.confirm(idOf(1), 'a')).toBe('superseded');
    expect((await two.get(idOf(1)))?.cursor).toBe('13');
  });

  it('behavior: a move at once drops a proposal, whose confirmation is then superseded', async () => {
    const [one, two] = await replicas.pair();
    await one.install(filter(1));
    expect(await one.propose(idOf(1), '7', '9', 'poll')).toBe(true);
    expect(await two.advance(idOf(1), '7', '8')).toBe(true);
    expect(await one.confirm(idOf(1), 'poll')).toBe('superseded');
    expect((await one.get(idOf(1)))?.cursor).toBe('8');
  });

  it('behavior: uninstall answers true once, then false; the filter is gone for every replica', async () => {
    const [one, two] = await replicas.pair();
    await one.install(filter(1));
    expect(await two.uninstall(idOf(1))).toBe(true);
    expect(await one.uninstall(idOf(1))).toBe(false);
    expect(await one.get(idOf(1))).toBeNull();
    expect(await one.count()).toBe(0);
  });

  it('behavior: an unpolled filter idles out; a poll (even one that moves nothing) restarts its timer', async () => {
    const [one, two] = await replicas.pair({ timeoutMs: 300 });
    await one.install(filter(1));
    await one.install(filter(2));
    await tick(180);
    expect(await two.propose(idOf(1), '7', '7', 'poll')).toBe(true);
    expect(await two.get(idOf(2))).not.toBeNull();
    await tick(180);
    expect(await two.get(idOf(1))).not.toBeNull();
    expect(await two.get(idOf(2))).toBeNull();
    expect(await one.count()).toBe(1);
  });

  it('error: caps per client and per tier refuse a filter past them; a gone filter frees its place', async () => {
    const [one, two] = await replicas.pair({ caps: { perTier: 3, perClient: 2 } });
    await one.install(filter(1, 'a'));
    await one.install(filter(2, 'a'));
    await expect(two.install(filter(3, 'a'))).rejects.toEqual(new FilterCapError('client', 2));
    await two.install(filter(4, 'b'));
    await expect(two.install(filter(5, 'c'))).rejects.toEqual(new FilterCapError('tier', 3));
    expect(await one.uninstall(idOf(1))).toBe(true);
    await two.install(filter(3, 'a'));
    expect(await one.count()).toBe(3);
  });

  it('error: a client past its criteria bytes is refused whatever its count; a gone filter frees them', async () => {
    const [one, two] = await replicas.pair({
      caps: { perTier: 100, perClient: 100, criteriaBytesPerClient: 1_000 },
    });
    const weighing = (n: number, client: string, criteriaBytes: number): FilterRecord => ({
      ...filter(n, client),
      criteriaBytes,
    });
    await one.install(weighing(1, 'a', 600));
    expect(await two.get(idOf(1))).toEqual(weighing(1, 'a', 600));
    await expect(two.install(weighing(2, 'a', 401))).rejects.toEqual(
      new FilterCapError('client-bytes', 1_000),
    );
    await two.install(weighing(3, 'a', 400));
    await two.install(weighing(4, 'b', 1_000));
    // Filters without criteria (block filters) weigh nothing.
    await two.install({ id: idOf(5), kind: 'blocks', cursor: '3', client: 'a' });
    expect(await one.uninstall(idOf(1))).toBe(true);
    await one.install(weighing(2, 'a', 600));
  });
});
