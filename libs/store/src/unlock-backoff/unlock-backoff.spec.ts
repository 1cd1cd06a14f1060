// The passphrase-attempt backoff against both implementations: memory (`photon start`) and Redis
// (two replicas on the machine's real Redis under a private prefix), plus the delay policy itself.
import { waitFor } from '@photon/testing';
import { inMemory, overRedis } from '../testing/replicas';
import { MemoryUnlockBackoff } from './memory-unlock-backoff';
import { RedisUnlockBackoff } from './redis-unlock-backoff';
import {
  DEFAULT_UNLOCK_BACKOFF,
  type UnlockBackoff,
  type UnlockBackoffPolicy,
  backoffDelayMs,
} from './unlock-backoff';

const ACCOUNT = 'account:0x52908400098527886e0f7030069857d2e4169ee7';
const OTHER_ACCOUNT = 'account:0x000000000000000000000000000000000000beef';
const CLIENT = 'client:203.0.113.7';
const OTHER_CLIENT = 'client:198.51.100.1';
const POLICY: UnlockBackoffPolicy = { failures: 3, baseDelayMs: 300, maxDelayMs: 1_200, windowMs: 60_000 };

describe(backoffDelayMs.name, () => {
  it('default: nothing before the 5th failure, then 1 s doubling up to 60 s', () => {
    const delays = [1, 4, 5, 6, 7, 10, 11, 12, 1_000].map((n) => backoffDelayMs(n, DEFAULT_UNLOCK_BACKOFF));
    expect(delays).toEqual([0, 0, 1_000, 2_000, 4_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('args: failures 0 turns it off', () => {
    expect(backoffDelayMs(1_000, { ...DEFAULT_UNLOCK_BACKOFF, failures: 0 })).toBe(0);
  });
});

/** `n` attempts on `keys` that all fail (are never settled); each must be taken. */
async function failTimes(store: UnlockBackoff, keys: string[], n: number): Promise<void> {
  for (let i = 0; i < n; i++) expect(await store.begin(keys)).toBe(0);
}

describe.each([
  [
    'MemoryUnlockBackoff',
    inMemory<UnlockBackoff, UnlockBackoffPolicy>((policy) => new MemoryUnlockBackoff(policy ?? POLICY)),
  ],
  [
    'RedisUnlockBackoff',
    overRedis<UnlockBackoff, UnlockBackoffPolicy>(
      'photon-unlock-backoff-spec',
      (redis, prefix, policy) => new RedisUnlockBackoff(redis, { prefix, policy: policy ?? POLICY }),
    ),
  ],
])('%s', (_name, makeReplicas) => {
  const replicas = makeReplicas();
  afterAll(() => replicas.close());

  it('default: past the failures, every replica refuses both keys for the first delay', async () => {
    const [one, two] = await replicas.pair();
    await failTimes(one, [ACCOUNT, CLIENT], POLICY.failures);
    const wait = await two.begin([ACCOUNT, CLIENT]);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(POLICY.baseDelayMs);
  });

  it('behavior: the account refuses any client, the client refuses any account; others pass', async () => {
    const [one, two] = await replicas.pair();
    await failTimes(one, [ACCOUNT, CLIENT], POLICY.failures);
    expect(await two.begin([ACCOUNT, OTHER_CLIENT])).toBeGreaterThan(0);
    expect(await two.begin([OTHER_ACCOUNT, CLIENT])).toBeGreaterThan(0);
    expect(await two.begin([OTHER_ACCOUNT, OTHER_CLIENT])).toBe(0);
  });

  it('behavior: after a refusal ends, one more failure refuses for twice as long', async () => {
    const [one, two] = await replicas.pair();
    await failTimes(one, [ACCOUNT], POLICY.failures);
    // The attempt that is finally taken counts as the next failure.
    await waitFor(async () => (await two.begin([ACCOUNT])) === 0, {
      what: 'the first refusal to end',
      timeoutMs: 5_000,
      intervalMs: 20,
    });
    expect(await one.begin([ACCOUNT])).toBeGreaterThan(POLICY.baseDelayMs);
  });

  it('behavior: a success forgets the account and gives the client its attempt back', async () => {
    const [one, two] = await replicas.pair();
    await failTimes(one, [ACCOUNT, CLIENT], POLICY.failures);
    // The last attempt taken turned out right.
    await two.succeeded(ACCOUNT, [CLIENT]);
    expect(await one.begin([ACCOUNT, CLIENT])).toBe(0);
    // The client still has its earlier failures: one more and it is refused.
    expect(await one.begin([OTHER_ACCOUNT, CLIENT])).toBeGreaterThan(0);
    await failTimes(two, [ACCOUNT], POLICY.failures - 1);
  });

  it('behavior: a cancelled attempt is given back to every key', async () => {
    const [one, two] = await replicas.pair();
    await failTimes(one, [ACCOUNT, CLIENT], POLICY.failures);
    await two.cancelled([ACCOUNT, CLIENT]);
    expect(await one.begin([ACCOUNT, CLIENT])).toBe(0);
    expect(await one.begin([ACCOUNT])).toBeGreaterThan(0);
  });

  it('behavior: 20 concurrent attempts over two replicas: exactly `failures` are taken', async () => {
    const [one, two] = await replicas.pair();
    const waits = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? one : two).begin([ACCOUNT, `client:10.0.0.${i}`])),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(POLICY.failures);
  });

  it('args: failures 0 never refuses', async () => {
    const [one] = await replicas.pair({ ...POLICY, failures: 0 });
    await failTimes(one, [ACCOUNT, CLIENT], 50);
  });
});

describe(MemoryUnlockBackoff.name, () => {
  it('behavior: failures are forgotten a window after the last attempt, and the delay is capped', async () => {
    let now = 1_000_000;
    const store = new MemoryUnlockBackoff(POLICY, () => now);
    for (let i = 0; i < 10; i++) {
      expect(await store.begin([ACCOUNT])).toBe(0);
      now += POLICY.maxDelayMs;
    }
    now -= POLICY.maxDelayMs;
    expect(await store.begin([ACCOUNT])).toBe(POLICY.maxDelayMs);
    now += POLICY.windowMs;
    expect(await store.begin([ACCOUNT])).toBe(0);
    expect(await store.begin([ACCOUNT])).toBe(0);
  });
});

describe(RedisUnlockBackoff.name, () => {
  const replicas = overRedis<UnlockBackoff, UnlockBackoffPolicy>(
    'photon-unlock-backoff-spec',
    (redis, prefix, policy) => new RedisUnlockBackoff(redis, { prefix, policy: policy ?? POLICY }),
  )();
  afterAll(() => replicas.close());

  it('behavior: the delay is capped at maxDelayMs', async () => {
    const [one] = await replicas.pair({ ...POLICY, failures: 1, baseDelayMs: 400, maxDelayMs: 600 });
    await failTimes(one, [ACCOUNT], 1);
    await waitFor(async () => (await one.begin([ACCOUNT])) === 0, {
      what: 'the first refusal to end',
      timeoutMs: 5_000,
      intervalMs: 20,
    });
    // The second failure would double 400 ms to 800: the cap holds it at 600.
    const wait = await one.begin([ACCOUNT]);
    expect(wait).toBeGreaterThan(400);
    expect(wait).toBeLessThanOrEqual(600);
  });
});
