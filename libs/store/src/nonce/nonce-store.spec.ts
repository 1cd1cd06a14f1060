// The nonce contract against both implementations: memory (`photon start`) and Redis (two replicas on
// the machine's real Redis under a private prefix).
import { inMemory, overRedis } from '../testing/replicas';
import { MemoryNonceStore } from './memory-nonce-store';
import type { NonceStore } from './nonce-store';
import { RedisNonceStore } from './redis-nonce-store';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const OTHER = '0x000000000000000000000000000000000000bEEF';

describe.each([
  ['MemoryNonceStore', inMemory<NonceStore, number>((idleMs) => new MemoryNonceStore(idleMs))],
  [
    'RedisNonceStore',
    overRedis<NonceStore, number>(
      'photon-nonce-spec',
      (redis, prefix, idleMs) => new RedisNonceStore(redis, { prefix, idleMs }),
    ),
  ],
])('%s', (_name, makeReplicas) => {
  const replicas = makeReplicas();
  afterAll(() => replicas.close());

  it('default: 40 concurrent sends over two replicas take nonces 0..39 once each', async () => {
    const [one, two] = await replicas.pair();
    const used: bigint[] = [];
    const send = (store: NonceStore) =>
      store.withSender(ADDRESS, async () => {
        const nonce = await store.next(ADDRESS, 0n);
        used.push(nonce);
        await store.advance(ADDRESS, nonce);
      });
    await Promise.all(Array.from({ length: 40 }, (_, i) => send(i % 2 === 0 ? one : two)));
    expect(used).toEqual(Array.from({ length: 40 }, (_, i) => BigInt(i)));
  });

  it('behavior: a held sender waits for the holder, even one that fails; another sender does not', async () => {
    const [one, two] = await replicas.pair();
    const order: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered: () => void = () => undefined;
    const holding = new Promise<void>((resolve) => (entered = resolve));
    const first = one.withSender(ADDRESS, async () => {
      entered();
      await gate;
      order.push('first');
      throw new Error('boom');
    });
    await holding;
    const second = two.withSender(ADDRESS.toLowerCase(), () => Promise.resolve(order.push('second')));
    expect(await two.withSender(OTHER, () => Promise.resolve(order.push('other')))).toBe(1);
    release();
    await expect(first).rejects.toThrow('boom');
    await second;
    expect(order).toEqual(['other', 'first', 'second']);
  });

  it('behavior: a send that fails before broadcast gives its nonce back', async () => {
    const [one, two] = await replicas.pair();
    await one.withSender(ADDRESS, async () => one.advance(ADDRESS, await one.next(ADDRESS, 3n)));
    await expect(
      two.withSender(ADDRESS, async () => {
        expect(await two.next(ADDRESS, 0n)).toBe(4n);
        throw new Error('signing failed');
      }),
    ).rejects.toThrow('signing failed');
    expect(await one.withSender(ADDRESS, () => one.next(ADDRESS, 0n))).toBe(4n);
  });

  it('behavior: the engine pending nonce wins when it is ahead of the record', async () => {
    const [one] = await replicas.pair();
    await one.advance(ADDRESS, 1n);
    expect(await one.next(ADDRESS, 7n)).toBe(7n);
    await one.advance(ADDRESS, 0n);
    expect(await one.next(ADDRESS, 0n)).toBe(2n);
  });

  it('behavior: an idle record expires, so a stale counter heals', async () => {
    const [one] = await replicas.pair(50);
    await one.advance(ADDRESS, 9n);
    expect(await one.next(ADDRESS, 0n)).toBe(10n);
    const deadline = Date.now() + 2000;
    let next = 10n;
    while (next !== 0n && Date.now() < deadline) next = await one.next(ADDRESS, 0n);
    expect(next).toBe(0n);
  });
});
