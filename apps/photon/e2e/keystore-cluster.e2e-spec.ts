// The keystore in the NATS topology: two keystore replicas over real NATS sharing unlock sessions
// in the machine's real Redis. Calls go straight to the keystore queue group so the Photon-Replica
// header proves which replica answered each step.
import { REPLICA_HEADER, rpcSubject } from '@photon/bus';
import { type ClusterStack, rpc, spawnPhoton, startPhotonStack, testNatsUrl, waitFor } from '@photon/testing';
import { getBytes, verifyMessage } from 'ethers';
import { type NatsConnection, connect } from 'nats';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(90_000);

interface Answer {
  replica: string;
  result?: unknown;
  error?: { code: number; message: string };
}

describe('keystore cluster (two replicas, sessions in Redis)', () => {
  let stack: ClusterStack;
  let nats: NatsConnection;
  let replicas: string[];
  let address: string;

  beforeAll(async () => {
    stack = await startPhotonStack('cluster', {
      keystoreReplicas: 2,
      readyTimeoutMs: 60_000,
      extraArgs: ['--rpc-api', 'eth,net,web3,personal', '--lightkdf', '--log-level', 'warn'],
    });
    nats = await connect({ servers: testNatsUrl() });
    replicas = stack.processes.keystore.map((p) => String(p.child.pid));
  });
  afterAll(async () => {
    await nats?.close();
    await stack?.stop();
  });

  /** One keystore call over the bus, with the pid of the replica that answered. */
  async function viaBus(method: string, params: unknown[]): Promise<Answer> {
    // As a gateway listening on loopback states it: unlocked accounts sign only for such calls.
    const request = JSON.stringify({ method, params, context: { transport: 'http', exposure: 'loopback' } });
    const reply = await nats.request(rpcSubject(stack.busPrefix, 'keystore'), Buffer.from(request), {
      timeout: 10_000,
    });
    const body = JSON.parse(Buffer.from(reply.data).toString('utf8')) as Omit<Answer, 'replica'>;
    return { replica: reply.headers?.get(REPLICA_HEADER)?.split(':').pop() ?? 'none', ...body };
  }

  /** Repeats a call without side effects until the replica with pid `replica` answers it. */
  async function answeredBy(replica: string, method: string, params: unknown[]): Promise<Answer> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const answer = await viaBus(method, params);
      if (answer.replica === replica) return answer;
    }
    throw new Error(`replica ${replica} never answered ${method}`);
  }

  const other = (replica: string) => replicas.find((pid) => pid !== replica)!;

  it('default: the query service started beside the keystore, and extraArgs reached the gateway', async () => {
    expect(await rpc(stack.httpUrl, 'eth_chainId')).toMatchObject({ result: '0x2328' });
    expect((await rpc(stack.httpUrl, 'personal_listAccounts')).result).toEqual([]);
  });

  it('default: an account made through the gateway is listed by both replicas at once', async () => {
    address = (await rpc<string>(stack.httpUrl, 'personal_newAccount', ['cluster pw'])).result!;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    for (const replica of replicas) {
      expect((await answeredBy(replica, 'eth_accounts', [])).result).toEqual([address.toLowerCase()]);
    }
  });

  it('behavior: unlocked through one replica, the other signs', async () => {
    const unlocked = await viaBus('personal_unlockAccount', [address, 'cluster pw', 600]);
    expect(unlocked.result).toBe(true);
    const signed = await answeredBy(other(unlocked.replica), 'eth_sign', [address, '0xc0ffee']);
    expect(signed.error).toBeUndefined();
    expect(verifyMessage(getBytes('0xc0ffee'), signed.result as string)).toBe(address);
  });

  it('behavior: locked through one replica, the other refuses at once', async () => {
    // A lock is a write: unlock again before each try until the lock lands on the wanted replica.
    const first = (await viaBus('personal_unlockAccount', [address, 'cluster pw', 600])).replica;
    let lock: Answer | undefined;
    for (let attempt = 0; attempt < 100 && (lock === undefined || lock.replica === first); attempt++) {
      expect((await viaBus('personal_unlockAccount', [address, 'cluster pw', 600])).result).toBe(true);
      lock = await viaBus('personal_lockAccount', [address]);
    }
    expect(lock?.replica).toBe(other(first));
    expect(lock?.result).toBe(true);
    expect((await answeredBy(first, 'eth_sign', [address, '0xc0ffee'])).error).toEqual({
      code: -32000,
      message: 'authentication needed: password or unlock',
    });
  });

  it('behavior: unlocked for 1 s, refused after expiry by every replica', async () => {
    expect((await rpc(stack.httpUrl, 'personal_unlockAccount', [address, 'cluster pw', 1])).result).toBe(
      true,
    );
    await waitFor(
      async () => (await rpc(stack.httpUrl, 'eth_sign', [address, '0x01'])).error?.code === -32000,
      { what: 'a 1 s unlock to expire', timeoutMs: 5_000, intervalMs: 100 },
    );
    for (const replica of replicas) {
      expect((await answeredBy(replica, 'eth_sign', [address, '0x01'])).error?.message).toBe(
        'authentication needed: password or unlock',
      );
    }
  });

  it('error: a wrong passphrase answers geth wording through the gateway', async () => {
    expect((await rpc(stack.httpUrl, 'personal_unlockAccount', [address, 'wrong'])).error).toEqual({
      code: -32000,
      message: 'could not decrypt key with given password',
    });
  });
});

describe('keystore misconfiguration', () => {
  async function failedStart(args: string[]) {
    const proc = spawnPhoton(['keystore', ...args]);
    const code = await proc.exited;
    return { code, lines: proc.output().trim().split('\n') };
  }

  it('error: no --keystore-kek-file stops the start with one line', async () => {
    expect(await failedStart([])).toEqual({
      code: 2,
      lines: ['photon: --keystore-kek-file (or PHOTON_KEYSTORE_KEK_FILE) is required'],
    });
  });

  it('error: an unreadable KEK, a malformed KEK and an unreachable Redis each name the cause', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'photon-kek-'));
    try {
      const missing = join(scratch, 'missing');
      expect(await failedStart(['--keystore-kek-file', missing])).toEqual({
        code: 1,
        lines: [`photon: --keystore-kek-file: cannot read ${missing} (ENOENT)`],
      });
      await writeFile(join(scratch, 'short'), 'abcd');
      expect((await failedStart(['--keystore-kek-file', join(scratch, 'short')])).lines).toEqual([
        'photon: --keystore-kek-file: needs 32 random bytes, raw or as 64 hex digits',
      ]);
      await writeFile(join(scratch, 'kek'), randomBytes(32));
      const unreachable = await failedStart([
        '--keystore-kek-file',
        join(scratch, 'kek'),
        '--redis-url',
        'redis://:hunter2@127.0.0.1:1',
      ]);
      expect(unreachable.code).toBe(1);
      expect(unreachable.lines).toEqual([
        expect.stringMatching(/^photon: cannot connect to Redis at redis:\/\/127\.0\.0\.1:1: /),
      ]);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });
});
