// The rate-limit contract against both implementations: memory (`photon start`) and Redis (two
// gateways' connections to the machine's real Redis under a private prefix).
import { inMemory, overRedis } from '../testing/replicas';
import { MemoryRateLimitCounter } from './memory-rate-limit-counter';
import type { RateLimitCounter } from './rate-limit-counter';
import { RedisRateLimitCounter } from './redis-rate-limit-counter';

const MINUTE = 60_000;

describe.each([
  ['MemoryRateLimitCounter', inMemory<RateLimitCounter, undefined>(() => new MemoryRateLimitCounter())],
  [
    'RedisRateLimitCounter',
    overRedis<RateLimitCounter, undefined>(
      'photon-ratelimit-spec',
      (redis, prefix) => new RedisRateLimitCounter(redis, { prefix }),
    ),
  ],
])('%s', (_name, makeReplicas) => {
  const replicas = makeReplicas();
  afterAll(() => replicas.close());

  it('default: takes are counted across replicas until the limit, then refused', async () => {
    const [one, two] = await replicas.pair();
    expect(await one.take('ip:10.0.0.1', 4, 10, MINUTE)).toMatchObject({ allowed: true, used: 4 });
    expect(await two.take('ip:10.0.0.1', 6, 10, MINUTE)).toMatchObject({ allowed: true, used: 10 });
    const refused = await one.take('ip:10.0.0.1', 1, 10, MINUTE);
    expect(refused).toMatchObject({ allowed: false, used: 10 });
    expect(refused.resetMs).toBeGreaterThan(0);
    expect(refused.resetMs).toBeLessThanOrEqual(MINUTE);
  });

  it('behavior: a refused take counts nothing, so a smaller one that fits still passes', async () => {
    const [one, two] = await replicas.pair();
    await one.take('key:a', 7, 10, MINUTE);
    expect(await two.take('key:a', 5, 10, MINUTE)).toMatchObject({ allowed: false, used: 7 });
    expect(await two.take('key:a', 3, 10, MINUTE)).toMatchObject({ allowed: true, used: 10 });
  });

  it('behavior: buckets are counted apart', async () => {
    const [one] = await replicas.pair();
    await one.take('ip:10.0.0.1', 10, 10, MINUTE);
    expect(await one.take('ip:10.0.0.2', 10, 10, MINUTE)).toMatchObject({ allowed: true, used: 10 });
  });

  it('behavior: a cost above the limit is refused even in a fresh window, which it does not open', async () => {
    const [one] = await replicas.pair();
    const refused = await one.take('ip:big', 11, 10, MINUTE);
    expect(refused).toMatchObject({ allowed: false, used: 0 });
    expect(refused.resetMs).toBeLessThanOrEqual(MINUTE);
  });

  it('behavior: the window does not stretch with use, and its count starts over when it ends', async () => {
    const [one, two] = await replicas.pair();
    const first = await one.take('ip:short', 2, 2, 150);
    expect(first.allowed).toBe(true);
    expect((await two.take('ip:short', 1, 2, 150)).allowed).toBe(false);
    const later = await two.take('ip:short', 0, 2, 150);
    expect(later.resetMs).toBeLessThanOrEqual(first.resetMs);
    const deadline = Date.now() + 3000;
    let again = await one.take('ip:short', 1, 2, 150);
    while (!again.allowed && Date.now() < deadline) again = await one.take('ip:short', 1, 2, 150);
    expect(again).toMatchObject({ allowed: true, used: 1 });
  });
});
