// docker-compose.yml on a real Docker daemon: the image built from this checkout (the base images
// pulled, or their stand-ins built by scripts/docker-bases.sh where no registry answers), the tier up
// under a project, ports and network of its own, and used through its load balancer as a client
// would: HTTP and websocket JSON-RPC, a signed transfer, the faucet, /readyz. Then every Photon
// container's output is JSON lines, `stop` drains them all to exit 0, and a `down`/`up` with the
// volumes kept brings back the chain and the keystore's unlocked faucet account.
// Without a daemon it does not run, and says why in its name (the summary lists it as not run); on
// CI (CI=true) a missing daemon fails it, since .ci/run starts one.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devWallet, rpc, waitFor } from '@photon/testing';
import { JsonRpcProvider, Wallet } from 'ethers';
import { WebSocket } from 'ws';
import { ComposeTier } from './compose-tier';
import { ROOT } from './deploy-files';
import { composeCommand, daemonMissing, run } from './docker-host';
import {
  namedIn,
  projectContainers,
  restartedAfterExit,
  startupAfterRestarts,
  startupOf,
  unhealthyIds,
} from './tier-startup';

jest.setTimeout(120_000);

const IMAGE = 'photon:e2e';
const FAUCET_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const PHOTON_SERVICES = ['devnet', 'query', 'tx', 'events', 'keystore', 'gateway'];

const missing = daemonMissing();
const runHere = missing === undefined || process.env['CI'] === 'true';
const title = `the compose tier on a Docker daemon${runHere ? '' : ` (${missing})`}`;

/**
 * A project whose `first` exits with code 7 at each of its first three starts (a count in its volume) and
 * runs from its restart policy's fourth start on, with `second` waiting for it to be healthy: how the tier's
 * containers look to Compose when one exits at start. Three exits, as the daemon waits 100, 200 and 400 ms
 * before the restarts: Compose, polling every 100 ms, sees the "unhealthy" of one of those gaps.
 */
const EXITS_AT_START = `services:
  first:
    image: debian:bookworm-slim
    restart: unless-stopped
    command:
      - sh
      - -c
      - n=$$(cat /data/runs 2>/dev/null || echo 0); [ $$n -ge 3 ] && exec sleep 600; echo $$((n + 1)) > /data/runs; sleep 1; exit 7
    volumes: [runs:/data]
    healthcheck: { test: [CMD, 'true'], interval: 2s, retries: 3, start_period: 60s }
  second:
    image: debian:bookworm-slim
    command: [sleep, '600']
    depends_on: { first: { condition: service_healthy } }
volumes:
  runs:
`;

/** A line of the timings this run measured, for the output (build and start-up times are the point). */
function note(line: string): void {
  process.stdout.write(`compose tier: ${line}\n`);
}

async function timed<T>(what: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  note(`${what} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

async function receiptStatus(httpUrl: string, hash: string): Promise<string> {
  let status: string | undefined;
  await waitFor(
    async () => {
      status = (await rpc<{ status: string } | null>(httpUrl, 'eth_getTransactionReceipt', [hash])).result
        ?.status;
      return status !== undefined;
    },
    { what: `the receipt of ${hash}`, timeoutMs: 60_000, intervalMs: 500 },
  );
  return status!;
}

/** Two newHeads notifications over one websocket, in order. */
async function twoHeads(url: string): Promise<{ number: string }[]> {
  const ws = new WebSocket(url);
  const heads: { number: string }[] = [];
  let subscription: string | undefined;
  ws.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as {
      id?: number;
      result?: string;
      params?: { subscription: string; result: { number: string } };
    };
    if (message.id === 1) subscription = message.result;
    else if (message.params !== undefined && message.params.subscription === subscription) {
      heads.push(message.params.result);
    }
  });
  try {
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }));
    await waitFor(() => Promise.resolve(heads.length >= 2), { what: 'two newHeads', timeoutMs: 30_000 });
    return heads;
  } finally {
    ws.close();
  }
}

(runHere ? describe : describe.skip)(title, () => {
  let tier: ComposeTier;

  beforeAll(async () => {
    if (missing !== undefined) throw new Error(missing);
    await timed('base images ready', () => run('bash', [join(ROOT, 'scripts', 'docker-bases.sh')]));
    await timed(`image ${IMAGE} built`, () =>
      run('bash', [join(ROOT, 'scripts', 'docker-build.sh'), '-q'], {
        env: { ...process.env, PHOTON_IMAGE: IMAGE },
      }),
    );
    const size = await run('docker', ['image', 'inspect', '--format', '{{.Size}}', IMAGE]);
    note(`image ${IMAGE}: ${Math.round(Number(size.stdout) / 1e6)} MB`);
    tier = await ComposeTier.create(await composeCommand(), IMAGE, note);
    await timed('tier up and healthy', () => tier.up());
  }, 1_500_000);

  afterAll(async () => {
    await tier?.down({ volumes: true });
  }, 180_000);

  it('default: web3_clientVersion answers and eth_blockNumber grows, through the balancer', async () => {
    const version = await rpc<string>(tier.httpUrl, 'web3_clientVersion', []);
    expect(version.result).toMatch(/^photon\//i);
    const first = BigInt((await rpc<string>(tier.httpUrl, 'eth_blockNumber', [])).result!);
    await waitFor(
      async () => BigInt((await rpc<string>(tier.httpUrl, 'eth_blockNumber', [])).result!) > first,
      { what: 'a higher eth_blockNumber', timeoutMs: 30_000, intervalMs: 250 },
    );
  });

  it('default: a signed transfer gets a successful receipt', async () => {
    const provider = new JsonRpcProvider(tier.httpUrl, 9000, { staticNetwork: true });
    try {
      const wallet = devWallet(1).connect(provider);
      const to = Wallet.createRandom().address;
      const sent = await wallet.sendTransaction({ to, value: 12345n });
      expect(await receiptStatus(tier.httpUrl, sent.hash)).toBe('0x1');
      expect((await rpc<string>(tier.httpUrl, 'eth_getBalance', [to, 'latest'])).result).toBe('0x3039');
    } finally {
      provider.destroy();
    }
  });

  it('default: eth_subscribe newHeads over the websocket delivers consecutive heads', async () => {
    const [a, b] = await twoHeads(tier.wsUrl);
    expect(BigInt(b!.number)).toBe(BigInt(a!.number) + 1n);
  });

  it('default: POST /faucet funds a fresh address', async () => {
    const address = Wallet.createRandom().address;
    const reply = await fetch(`${tier.httpUrl}/faucet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address }),
    });
    const body = await reply.text();
    expect([reply.status, body]).toEqual([200, expect.stringContaining('txHash')]);
    const { txHash } = JSON.parse(body) as { txHash: string };
    expect(await receiptStatus(tier.httpUrl, txHash)).toBe('0x1');
    const balance = await rpc<string>(tier.httpUrl, 'eth_getBalance', [address, 'latest']);
    expect(BigInt(balance.result!)).toBe(10n ** 18n);
  });

  it('default: /readyz answers 200 through the balancer', async () => {
    const reply = await fetch(`${tier.httpUrl}/readyz`);
    expect(reply.status).toBe(200);
  });

  it('default: every Photon container writes JSON lines only, the devnet too', async () => {
    const containers = (await tier.containers()).filter((c) => PHOTON_SERVICES.includes(c.service));
    expect([...new Set(containers.map((c) => c.service))].sort()).toEqual([...PHOTON_SERVICES].sort());
    for (const container of containers) {
      const lines = await tier.logs(container.id);
      expect(lines.length).toBeGreaterThan(0);
      const notJson = lines.filter((line) => {
        try {
          return typeof JSON.parse(line) !== 'object';
        } catch {
          return true;
        }
      });
      expect([container.service, notJson]).toEqual([container.service, []]);
    }
  });

  it('behavior: a container that exits at start fails `up` as unhealthy, is read as restarted after its exits, and a second `up` completes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'photon-exits-at-start-'));
    const project = `photonexit${process.pid}${Date.now().toString(36)}`;
    const [file, ...pre] = await composeCommand();
    const compose = (args: readonly string[]) => run(file!, [...pre, '-p', project, ...args], { cwd: dir });
    await writeFile(join(dir, 'docker-compose.yml'), EXITS_AT_START);
    const since = new Date();
    try {
      const failure = await compose(['up', '-d']).then(
        () => new Error('up succeeded'),
        (error: Error) => error,
      );
      const ids = unhealthyIds(failure.message);
      expect(ids).toHaveLength(1);
      const startup = await startupAfterRestarts(project, ids, since);
      expect(restartedAfterExit(startup, ids)).toBe(true);
      const [first] = namedIn(startup, ids);
      expect(first?.service).toBe('first');
      expect(first?.exits.length).toBeGreaterThan(0);
      expect(first?.exits.filter((e) => e.exitCode !== 7 || e.oomKilled)).toEqual([]);
      // Its fourth start runs on: once that one is healthy, `up` goes on to `second`.
      await waitFor(
        async () =>
          (await startupOf(project, since)).some((c) => c.service === 'first' && c.health === 'healthy'),
        { what: 'first healthy', timeoutMs: 30_000, intervalMs: 250 },
      );
      await compose(['up', '-d']);
      const second = (await projectContainers(project)).find((c) => c.service === 'second');
      expect(second && (await tier.exitCode(second.id)).running).toBe(true);
    } finally {
      await compose(['down', '-v', '-t', '1']);
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('behavior: `stop` drains every container to exit code 0, and after `down` and `up` with the volumes kept the chain goes on and the unlocked faucet account still signs', async () => {
    const height = BigInt((await rpc<string>(tier.httpUrl, 'eth_blockNumber', [])).result!);
    await timed('tier stopped', () => tier.composeRun(['stop', '-t', '60']));
    const containers = await tier.containers();
    const states = await Promise.all(
      containers.map(async (c) => ({ service: c.service, ...(await tier.exitCode(c.id)) })),
    );
    expect(states.filter((s) => s.running || s.exitCode !== 0)).toEqual([]);

    await tier.down({ volumes: false });
    await timed('tier up again on its volumes', () => tier.up());
    const after = BigInt((await rpc<string>(tier.httpUrl, 'eth_blockNumber', [])).result!);
    expect(after).toBeGreaterThanOrEqual(height);

    const hash = await rpc<string>(tier.httpUrl, 'eth_sendTransaction', [
      { from: FAUCET_ACCOUNT, to: Wallet.createRandom().address, value: '0x1' },
    ]);
    expect(hash.error).toBeUndefined();
    expect(await receiptStatus(tier.httpUrl, hash.result!)).toBe('0x1');
  }, 900_000);
});
