// --rate-limit-store-down against a real Redis that goes away: a redis-server of this test's own on a
// free port, stopped and restarted here (the machine's shared Redis stays up). Each choice is asked
// while Redis is down; the counts go back to Redis once it is up again.
import { type OwnServer, startOwnRedis, waitFor } from '@photon/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RedisRateLimitCounter, connectRedis } from '@photon/store';
import { type Client, RateLimiter } from './rate-limiter';

jest.setTimeout(30_000);

const client: Client = { address: '198.51.100.9' };

describe('RateLimiter with its Redis down', () => {
  let scratch: string;
  let server: OwnServer;
  let redis: Awaited<ReturnType<typeof connectRedis>>;
  let counter: RedisRateLimitCounter;
  const limiter = (rateLimitStoreDown: 'allow' | 'local' | 'refuse') =>
    new RateLimiter({ rateLimit: 3, rateLimitWindowMs: 60_000, rateLimitStoreDown }, counter);

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'photon-store-down-'));
    server = await startOwnRedis(scratch);
    redis = await connectRedis(new URL(server.url), { name: 'photon-store-down-spec' });
    counter = new RedisRateLimitCounter(redis, { prefix: 'store-down-spec' });
  });

  afterAll(async () => {
    redis.disconnect();
    await server.kill('SIGTERM');
    await rm(scratch, { recursive: true, force: true });
  });

  it('default: while Redis is up, the count is shared and the fourth unit is refused', async () => {
    const one = limiter('allow');
    const two = limiter('refuse');
    expect((await one.admit(client, 2)).admitted).toBe(true);
    expect((await two.admit(client, 1)).admitted).toBe(true);
    expect(await one.admit(client, 1)).toMatchObject({ admitted: false, status: 429 });
  });

  it('error: with Redis stopped, allow admits, local counts alone, refuse answers 503 — and none waits', async () => {
    await server.kill('SIGTERM');
    await waitFor(() => Promise.resolve(redis.status !== 'ready'), { what: 'the client to see Redis gone' });
    const allow = limiter('allow');
    const local = limiter('local');
    const refuse = limiter('refuse');
    const started = Date.now();
    for (let i = 0; i < 5; i++) expect(await allow.admit(client, 1)).toEqual({ admitted: true });
    expect((await local.admit(client, 3)).admitted).toBe(true);
    expect(await local.admit(client, 1)).toMatchObject({ admitted: false, status: 429 });
    expect(await refuse.admit(client, 1)).toMatchObject({
      admitted: false,
      status: 503,
      error: { code: -32002 },
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(allow.stats().storeDownAllowed).toBe(5);
    expect(local.stats()).toMatchObject({ storeDownLocal: 2, limited: 1 });
    expect(refuse.stats().storeDownRefused).toBe(1);
  });

  it('behavior: once Redis is back, requests are counted there again', async () => {
    await server.start();
    await waitFor(() => Promise.resolve(redis.status === 'ready'), {
      what: 'the client to reconnect',
      timeoutMs: 10_000,
    });
    const refuse = limiter('refuse');
    const fresh: Client = { address: '198.51.100.10' };
    expect((await refuse.admit(fresh, 3)).admitted).toBe(true);
    expect(await refuse.admit(fresh, 1)).toMatchObject({ admitted: false, status: 429 });
    expect(refuse.stats().storeDownRefused).toBe(0);
  });
});
