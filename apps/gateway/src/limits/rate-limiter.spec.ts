import { MemoryRateLimitCounter, RateLimitCounter, type RateLimitTake } from '@photon/store';
import { ApiKeys } from './api-keys';
import { type Client, RateLimiter } from './rate-limiter';

const WINDOW = 60_000;

class DownCounter extends RateLimitCounter {
  take(): Promise<RateLimitTake> {
    return Promise.reject(new Error('Redis is not connected (reconnecting)'));
  }
}

const limiter = (
  rateLimit: number,
  counter: RateLimitCounter = new MemoryRateLimitCounter(),
  rateLimitStoreDown: 'allow' | 'local' | 'refuse' = 'local',
) => new RateLimiter({ rateLimit, rateLimitWindowMs: WINDOW, rateLimitStoreDown }, counter);

const alice: Client = { address: '198.51.100.1' };
const bob: Client = { address: '198.51.100.2' };

describe(RateLimiter.name, () => {
  it('default: with --rate-limit 0 nothing is counted or refused', async () => {
    const counter = new DownCounter();
    expect(await limiter(0, counter).admit(alice, 1_000_000)).toEqual({ admitted: true });
  });

  it('behavior: a client is admitted up to its limit, then gets 429, -32005 and the seconds to wait', async () => {
    const gate = limiter(10);
    expect((await gate.admit(alice, 6)).admitted).toBe(true);
    expect((await gate.admit(alice, 4)).admitted).toBe(true);
    const refused = await gate.admit(alice, 1);
    expect(refused).toMatchObject({
      admitted: false,
      status: 429,
      retryAfterSeconds: 60,
      error: { code: -32005, data: { limit: 10, windowSeconds: 60, retryAfterSeconds: 60 } },
    });
    expect((await gate.admit(bob, 10)).admitted).toBe(true);
    expect(gate.stats().limited).toBe(1);
  });

  it('behavior: a request costlier than the whole limit is refused without a retry time', async () => {
    const refused = await limiter(10).admit(alice, 11);
    expect(refused).toMatchObject({
      admitted: false,
      status: 429,
      error: { code: -32005, data: { cost: 11 } },
    });
    expect(refused).not.toHaveProperty('retryAfterSeconds');
  });

  it("behavior: a keyed client is counted per key at the key's limit, apart from its address", async () => {
    const keys = ApiKeys.parse('small-key-1 3\nfree-key-22 0\n');
    const gate = limiter(100);
    const small: Client = { address: alice.address, key: keys.grantOf('small-key-1')! };
    const free: Client = { address: alice.address, key: keys.grantOf('free-key-22')! };
    expect((await gate.admit(small, 3)).admitted).toBe(true);
    expect((await gate.admit(small, 1)).admitted).toBe(false);
    expect((await gate.admit(free, 10_000)).admitted).toBe(true);
    expect((await gate.admit(alice, 100)).admitted).toBe(true);
  });

  it('error: store down with allow admits every request and counts it', async () => {
    const gate = limiter(1, new DownCounter(), 'allow');
    for (let i = 0; i < 3; i++) expect(await gate.admit(alice, 1)).toEqual({ admitted: true });
    expect(gate.stats()).toMatchObject({ storeDownAllowed: 3, limited: 0 });
  });

  it('error: store down with local counts in this gateway alone', async () => {
    const gate = limiter(2, new DownCounter(), 'local');
    expect((await gate.admit(alice, 2)).admitted).toBe(true);
    expect(await gate.admit(alice, 1)).toMatchObject({ admitted: false, status: 429 });
    expect(gate.stats()).toMatchObject({ storeDownLocal: 2, limited: 1 });
  });

  it('error: store down with refuse answers 503 and -32002', async () => {
    const gate = limiter(5, new DownCounter(), 'refuse');
    expect(await gate.admit(alice, 1)).toMatchObject({
      admitted: false,
      status: 503,
      error: { code: -32002, message: 'rate limit store unavailable, try again shortly' },
    });
    expect(gate.stats().storeDownRefused).toBe(1);
  });
});
