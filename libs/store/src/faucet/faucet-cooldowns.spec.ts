// The faucet cooldown contract against both implementations: memory (`photon start`) and Redis (two
// replicas on the machine's real Redis under a private prefix).
import { inMemory, overRedis } from '../testing/replicas';
import type { FaucetCooldowns, FaucetReservation } from './faucet-cooldowns';
import { MemoryFaucetCooldowns } from './memory-faucet-cooldowns';
import { RedisFaucetCooldowns } from './redis-faucet-cooldowns';

const ADDRESS = 'address:0x52908400098527886e0f7030069857d2e4169ee7';
const OTHER = 'address:0x000000000000000000000000000000000000beef';
const CLIENT = 'client:203.0.113.7';
const HOUR = 3_600_000;

const reserved = async (store: FaucetCooldowns, keys: string[], holdMs = 60_000) => {
  const outcome = await store.reserve(keys, holdMs);
  if (!outcome.reserved) throw new Error(`not reserved: wait ${outcome.retryAfterMs} ms`);
  return outcome.reservation;
};

describe.each([
  ['MemoryFaucetCooldowns', inMemory<FaucetCooldowns, undefined>(() => new MemoryFaucetCooldowns())],
  [
    'RedisFaucetCooldowns',
    overRedis<FaucetCooldowns, undefined>(
      'photon-faucet-spec',
      (redis, prefix) => new RedisFaucetCooldowns(redis, { prefix }),
    ),
  ],
])('%s', (_name, makeReplicas) => {
  const replicas = makeReplicas();
  afterAll(() => replicas.close());

  it('default: a committed reservation holds its keys for the cooldown, on every replica', async () => {
    const [one, two] = await replicas.pair();
    await one.commit(await reserved(one, [ADDRESS, CLIENT], 1000), HOUR);
    const again = await two.reserve([ADDRESS], 1000);
    expect(again.reserved).toBe(false);
    expect(again.reserved ? 0 : again.retryAfterMs).toBeGreaterThan(HOUR - 60_000);
    expect((await two.reserve([OTHER, CLIENT], 1000)).reserved).toBe(false);
    expect((await two.reserve([OTHER], 1000)).reserved).toBe(true);
  });

  it('behavior: 20 concurrent requests for one address over two replicas reserve it once', async () => {
    const [one, two] = await replicas.pair();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? one : two).reserve([ADDRESS, `client:10.0.0.${i}`], 60_000),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.reserved)).toHaveLength(1);
    const refused = outcomes.filter((outcome) => !outcome.reserved);
    for (const outcome of refused) expect(outcome.reserved ? 0 : outcome.retryAfterMs).toBeGreaterThan(0);
  });

  it('behavior: a failed send releases its keys, and none of a taken set is held by a refused one', async () => {
    const [one, two] = await replicas.pair();
    const first = await reserved(one, [ADDRESS, CLIENT]);
    // OTHER was free, but CLIENT was taken: the refused request must not keep OTHER.
    expect((await two.reserve([OTHER, CLIENT], 60_000)).reserved).toBe(false);
    expect((await two.reserve([OTHER], 60_000)).reserved).toBe(true);
    await one.release(first);
    expect((await two.reserve([ADDRESS, CLIENT], 60_000)).reserved).toBe(true);
  });

  it('behavior: a stale reservation cannot release or extend a later holder', async () => {
    const [one, two] = await replicas.pair();
    const stale: FaucetReservation = { keys: [ADDRESS], token: 'not-the-holder' };
    const holder = await reserved(one, [ADDRESS], 60_000);
    await two.release(stale);
    await two.commit(stale, HOUR);
    const outcome = await two.reserve([ADDRESS], 1000);
    expect(outcome.reserved ? 0 : outcome.retryAfterMs).toBeLessThanOrEqual(60_000);
    await one.release(holder);
    expect((await two.reserve([ADDRESS], 1000)).reserved).toBe(true);
  });

  it('behavior: a hold not committed (a replica died mid-send) expires by itself', async () => {
    const [one, two] = await replicas.pair();
    await reserved(one, [ADDRESS], 50);
    const deadline = Date.now() + 2000;
    let free = false;
    while (!free && Date.now() < deadline) free = (await two.reserve([ADDRESS], 60_000)).reserved;
    expect(free).toBe(true);
  });
});
