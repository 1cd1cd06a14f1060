// Every keystore replica killed at once and started again with --unlock-key: the fresh unlock at
// start must hold. The session the dead replicas left in Redis still has the end of its 30 s lease;
// keeping it (and its expiry) at the new unlock took the fresh unlock with it whenever less of it
// was left than the 10 s to the new replicas' first renewal (compose's down and up).
import { connectRedis } from '@photon/store';
import { type ClusterStack, rpc, spawnPhoton, startPhotonStack, waitFor } from '@photon/testing';
import { Wallet, getBytes, verifyMessage } from 'ethers';
import type { Redis } from 'ioredis';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(180_000);

describe('keystore replicas all restarted at once (sessions in Redis)', () => {
  const wallet = Wallet.createRandom();
  let scratch: string;
  let stack: ClusterStack;
  let redis: Redis;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'photon-keystore-restart-'));
    await writeFile(join(scratch, 'key'), `${wallet.privateKey.slice(2)}\n`, { mode: 0o600 });
    await writeFile(join(scratch, 'passphrase'), 'restart pw\n', { mode: 0o600 });
    stack = await startPhotonStack('cluster', {
      keystoreReplicas: 2,
      extraArgs: [
        '--lightkdf',
        ...['--import-key-file', join(scratch, 'key'), '--passphrase-file', join(scratch, 'passphrase')],
        ...['--unlock-key', wallet.address],
      ],
      readyTimeoutMs: 60_000,
    });
    redis = await connectRedis(new URL(stack.redisUrl), { name: 'keystore-restart-spec' });
  });
  afterAll(async () => {
    await redis?.quit();
    await stack?.stop();
    await rm(scratch, { recursive: true, force: true });
  });

  const signs = async () => {
    const reply = await rpc<string>(stack.httpUrl, 'eth_sign', [wallet.address, '0xc0ffee']);
    return reply.result !== undefined && verifyMessage(getBytes('0xc0ffee'), reply.result) === wallet.address;
  };

  it('behavior: the unlock at start of the new replicas outlives the lease the dead ones left', async () => {
    const session = `${stack.busPrefix}:unlock:${wallet.address.toLowerCase()}`;
    await waitFor(signs, { what: 'the unlocked key to sign', timeoutMs: 10_000 });
    const dead = stack.processes.keystore;
    for (const replica of dead) replica.child.kill('SIGKILL');
    await Promise.all(dead.map((replica) => replica.exited));
    // Nobody renews now: wait until less than 20 s of the lease is left (yet some is).
    let left = 0;
    await waitFor(
      async () => {
        left = await redis.pttl(session);
        if (left <= 0) throw new Error('the old session lapsed before the restart');
        return left < 20_000;
      },
      { what: 'the old lease to run low', timeoutMs: 40_000, intervalMs: 100 },
    );
    const oldExpiry = Date.now() + left;
    const fresh = dead.map((replica) => spawnPhoton(replica.child.spawnargs.slice(2)));
    stack.all.push(...fresh);
    const unlocked = () => fresh.every((replica) => /until the tier stops/.test(replica.output()));
    await waitFor(() => Promise.resolve(unlocked()), {
      what: 'both new replicas to unlock at start',
      timeoutMs: 30_000,
      intervalMs: 50,
      detail: () => fresh.map((replica) => replica.output()).join('\n'),
    });
    // The unlock at start restarted the lease; keeping the old one left less than at the restart,
    // and a new replica's first renewal (10 s after its start) may come after that runs out.
    expect(await redis.pttl(session)).toBeGreaterThan(left);
    // Past the old expiry and past the new replicas' first renewals, the session never lapses.
    await waitFor(
      async () => {
        if ((await redis.exists(session)) === 0)
          throw new Error('the fresh unlock lapsed with the old lease');
        return Date.now() > oldExpiry + 12_000;
      },
      { what: 'the old expiry and a renewal to pass', timeoutMs: 60_000, intervalMs: 100 },
    );
    expect(await signs()).toBe(true);
  });
});
