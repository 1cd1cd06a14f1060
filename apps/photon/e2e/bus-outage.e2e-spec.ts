// Issue 23 item 11: a short NATS outage must not stall calls. A cluster on its own nats-server, which the test
// stops for a few seconds: every call made meanwhile is answered at once (-32002, or a result the gateway
// holds), never after its method's whole timeout, and once NATS is back each method is served again soon.
import {
  type ClusterStack,
  type OwnServer,
  devWallet,
  rpc,
  startOwnNats,
  startPhotonStack,
  waitFor,
} from '@photon/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(180_000);

/** JSON-RPC code of "resource unavailable". */
const RESOURCE_UNAVAILABLE = -32002;

/** How long NATS stays down (the issue's outage was ~4 s). */
const OUTAGE_MS = 4_000;

/**
 * Far below every method's bus timeout (10 s and more) and far above an answer given at once on a loaded box:
 * what separates "refused at once" from "waited out its timeout".
 */
const ANSWERED_AT_ONCE_MS = 3_000;

interface Timed {
  readonly method: string;
  readonly ms: number;
  readonly code?: number;
}

describe('a NATS outage under a cluster', () => {
  let dir: string;
  let nats: OwnServer | undefined;
  let stack: ClusterStack | undefined;
  const previousUrl = process.env['PHOTON_TEST_NATS_URL'];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'photon-bus-outage-'));
    nats = await startOwnNats(join(dir, 'nats'));
    process.env['PHOTON_TEST_NATS_URL'] = nats.url;
    stack = await startPhotonStack('cluster');
  });

  afterAll(async () => {
    await stack?.stop();
    await nats?.kill('SIGTERM');
    if (previousUrl === undefined) delete process.env['PHOTON_TEST_NATS_URL'];
    else process.env['PHOTON_TEST_NATS_URL'] = previousUrl;
    await rm(dir, { recursive: true, force: true });
  });

  it('behavior: calls during the outage are answered at once, and served again soon after', async () => {
    const url = stack!.httpUrl;
    const filter = (await rpc<string>(url, 'eth_newBlockFilter')).result!;
    const calls: [string, unknown[]][] = [
      ['eth_getBlockByNumber', ['0x1', false]],
      [
        'eth_estimateGas',
        [{ from: devWallet(0).address, to: '0x000000000000000000000000000000000000beef', value: '0x1' }],
      ],
      ['eth_getFilterChanges', [filter]],
    ];
    const timed = async (method: string, params: unknown[]): Promise<Timed> => {
      const began = Date.now();
      const reply = await rpc(url, method, params, 1, { timeoutMs: 60_000 });
      const ms = Date.now() - began;
      return reply.error === undefined ? { method, ms } : { method, ms, code: reply.error.code };
    };
    for (const [method, params] of calls) expect((await timed(method, params)).code).toBeUndefined();

    await nats!.kill('SIGTERM');
    const stopped = Date.now();
    const during: Promise<Timed>[] = [];
    while (Date.now() - stopped < OUTAGE_MS) {
      for (const [method, params] of calls) during.push(timed(method, params));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await nats!.start();
    const restarted = Date.now();
    const recovered = new Map<string, number>();
    await waitFor(
      async () => {
        await Promise.all(
          calls
            .filter(([method]) => !recovered.has(method))
            .map(async ([method, params]) => {
              if ((await timed(method, params)).code === undefined)
                recovered.set(method, Date.now() - restarted);
            }),
        );
        return recovered.size === calls.length;
      },
      { what: 'every method served after the restart', timeoutMs: 60_000, intervalMs: 100 },
    );
    const answered = await Promise.all(during);
    const slowest = Math.max(...answered.map((t) => t.ms));
    const refused = answered.filter((t) => t.code === RESOURCE_UNAVAILABLE).length;
    process.stdout.write(
      `bus outage: ${answered.length} calls during ${OUTAGE_MS} ms of NATS down, ${refused} refused -32002, ` +
        `slowest answer ${slowest} ms; served again after the restart in ` +
        `${[...recovered].map(([m, ms]) => `${m} ${ms} ms`).join(', ')}\n`,
    );
    expect(answered.filter((t) => t.code !== undefined && t.code !== RESOURCE_UNAVAILABLE)).toEqual([]);
    expect(answered.filter((t) => t.ms > ANSWERED_AT_ONCE_MS)).toEqual([]);
    // The goal of issue 23 is under 5 s for every fault; on an idle box it is well under 1 s.
    expect(Math.max(...recovered.values())).toBeLessThan(5_000);
  });
});
