// `pnpm bench:startup`: how long a replica takes from its spawn to serving, the time a restarted replica
// leaves its service short: per role, through the CLI as users run it, three ways — the modules tsc wrote
// (dist/main.js), the bundle without a code cache, the bundle with its cache (see apps/photon/src/launcher.ts).
// Medians of BENCH_STARTS starts each, on the NATS and Redis of testNatsUrl()/testRedisUrl() and a devnet of
// its own (query, tx and events read it as they start).
import {
  type PhotonProcess,
  freePort,
  photonCliPath,
  randomBusPrefix,
  spawnPhoton,
  spawnProcess,
  testNatsUrl,
  testRedisUrl,
  waitFor,
  waitForDevnet,
} from '@photon/testing';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { median } from './stats';

const STARTS = Number(process.env['BENCH_STARTS'] ?? 5);
/** The launcher writes a role's cache after 10 s of running (launcher.ts CACHE_AFTER_MS). */
const CACHE_WRITTEN_AFTER_MS = 11_000;

interface Role {
  readonly name: string;
  readonly args: (scratch: string) => string[];
  /** The line a role prints once it serves. */
  readonly serving: RegExp;
}

const bus = (prefix: string) => [
  '--nats-url',
  testNatsUrl(),
  '--redis-url',
  testRedisUrl(),
  '--bus-prefix',
  prefix,
];

function roles(engine: string): Role[] {
  const chain = ['--node', engine];
  return [
    {
      name: 'keystore',
      args: (scratch) => [
        'keystore',
        ...bus(randomBusPrefix()),
        '--keystore-dir',
        join(scratch, 'keys'),
        '--keystore-kek-file',
        join(scratch, 'kek'),
      ],
      serving: / serving on NATS /,
    },
    {
      name: 'query',
      args: () => ['query', ...bus(randomBusPrefix()), ...chain],
      serving: / serving on NATS /,
    },
    { name: 'tx', args: () => ['tx', ...bus(randomBusPrefix()), ...chain], serving: / serving on NATS / },
    {
      name: 'events',
      args: () => ['events', ...bus(randomBusPrefix()), ...chain],
      serving: / serving on NATS /,
    },
  ];
}

type Way = 'modules' | 'bundle' | 'bundle + cache';

/** Spawns `args` the `way` asks and resolves with the ms to the serving line; stops it after `holdMs`. */
async function timeStart(
  role: Role,
  scratch: string,
  way: Way,
  cacheDir: string,
  holdMs = 0,
): Promise<number> {
  const env: Record<string, string> =
    way === 'bundle' ? { PHOTON_CODE_CACHE: 'off' } : { PHOTON_CODE_CACHE_DIR: cacheDir };
  const began = performance.now();
  const child: PhotonProcess =
    way === 'modules'
      ? spawnProcess(process.execPath, [join(dirname(photonCliPath()), 'main.js'), ...role.args(scratch)], {
          env,
        })
      : spawnPhoton(role.args(scratch), { env });
  try {
    await waitFor(() => Promise.resolve(role.serving.test(child.output())), {
      what: `${role.name} serving`,
      timeoutMs: 30_000,
      intervalMs: 5,
      detail: () => child.output(),
    });
    const ms = performance.now() - began;
    if (holdMs > 0) await new Promise((resolve) => setTimeout(resolve, holdMs));
    return ms;
  } finally {
    await child.stop();
  }
}

async function main(): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), 'photon-startup-bench-'));
  const devnetPort = await freePort();
  const devnet = spawnPhoton(['devnet', '--devnet-laddr', `tcp://127.0.0.1:${devnetPort}`, '--quiet']);
  try {
    await writeFile(join(scratch, 'kek'), Buffer.alloc(32, 7));
    await waitForDevnet(`http://127.0.0.1:${devnetPort}`, devnet, 30_000);
    const cacheDir = join(scratch, 'code-cache');
    const rows: string[] = [];
    for (const role of roles(`tcp://127.0.0.1:${devnetPort}`)) {
      // One run long enough to leave the role's cache, then the measured starts.
      await timeStart(role, scratch, 'bundle + cache', cacheDir, CACHE_WRITTEN_AFTER_MS);
      const cells: string[] = [];
      for (const way of ['modules', 'bundle', 'bundle + cache'] as const) {
        const times: number[] = [];
        for (let i = 0; i < STARTS; i++) times.push(await timeStart(role, scratch, way, cacheDir));
        cells.push(`${median(times).toFixed(0)} ms`);
      }
      rows.push(`| ${role.name} | ${cells.join(' | ')} |`);
    }
    process.stdout.write(
      `spawn to serving, median of ${STARTS} starts (node ${process.version})\n` +
        '| role | modules (dist/main.js) | bundle, no cache | bundle + code cache |\n|---|---|---|---|\n' +
        `${rows.join('\n')}\n`,
    );
  } finally {
    await devnet.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
