// The head leadership against both implementations: memory and Redis (two connections, two replicas).
import { inMemory, overRedis } from '../testing/replicas';
import type { HeadLeadership } from './head-leadership';
import { MemoryHeadLeadership } from './memory-head-leadership';
import { RedisHeadLeadership } from './redis-head-leadership';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each([
  ['MemoryHeadLeadership', inMemory<HeadLeadership, never>(() => new MemoryHeadLeadership())],
  [
    'RedisHeadLeadership',
    overRedis<HeadLeadership, never>(
      'photon-leadership-spec',
      (redis, prefix) => new RedisHeadLeadership(redis, { prefix }),
    ),
  ],
])('%s', (_name, makeReplicas) => {
  const replicas = makeReplicas();
  afterAll(() => replicas.close());

  it('default: one holder leads; renewing keeps its token; the other waits', async () => {
    const [one, two] = await replicas.pair();
    const fence = await one.claim('a', 1_000);
    expect(fence).not.toBeNull();
    expect(await two.claim('b', 1_000)).toBeNull();
    expect(await one.claim('a', 1_000)).toBe(fence);
    expect(await two.published()).toBeUndefined();
    expect(await one.markPublished(7n, fence!)).toBe(true);
    expect(await one.markPublished(5n, fence!)).toBe(true);
    expect(await two.published()).toBe(7n);
  });

  it('behavior: a lapsed lease passes to the standby with a new token; the old holder can no longer publish', async () => {
    const [one, two] = await replicas.pair();
    const old = await one.claim('a', 150);
    await tick(250);
    const fresh = await two.claim('b', 1_000);
    expect(fresh).not.toBeNull();
    expect(fresh).not.toBe(old);
    expect(await one.markPublished(9n, old!)).toBe(false);
    expect(await two.markPublished(9n, fresh!)).toBe(true);
    expect(await one.claim('a', 1_000)).toBeNull();
  });

  it('behavior: a released lease is taken at once', async () => {
    const [one, two] = await replicas.pair();
    await one.claim('a', 60_000);
    await one.release('a');
    expect(await two.claim('b', 60_000)).not.toBeNull();
  });
});
