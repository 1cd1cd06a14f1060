// Starts a whole Photon topology on free ports and waits until its gateway reports ready:
// 'in-process' is one `photon start` (with its embedded devnet); 'cluster' is a `photon devnet`,
// query and tx replicas pointed at it with --node, keystore replicas sharing a KEK file and Redis, and
// a gateway, over real NATS. Key files go to a temporary directory, never the user's home.
import {
  EVENTS_SCHEMA,
  GATEWAY_SCHEMA,
  KEYSTORE_SCHEMA,
  QUERY_SCHEMA,
  START_SCHEMA,
  TX_SCHEMA,
} from '@photon/config';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';
import { assertNatsReachable, randomBusPrefix, removeJetStreamOf, testNatsUrl } from './nats';
import { testRedisUrl } from './redis';
import { argsFor, flagGroups, flagValue, hasFlag } from './route-args';
import { type PhotonProcess, spawnPhoton } from './spawn-photon';
import { waitForDevnet } from './wait-for-devnet';
import { waitFor } from './wait-for';
import { describeOutput, waitForReady } from './wait-for-ready';

export type PhotonStackKind = 'in-process' | 'cluster';

export interface PhotonStackOptions {
  /** Query processes in the cluster (default 1); ignored in-process. */
  queryReplicas?: number;
  /** Keystore processes in the cluster (default 1); ignored in-process. */
  keystoreReplicas?: number;
  /** Tx (submission) processes in the cluster (default 1); ignored in-process. */
  txReplicas?: number;
  /** Events (filters) processes in the cluster (default 1); ignored in-process. */
  eventsReplicas?: number;
  /** Appended to the arguments of every process whose command takes the flag (all of them in-process). */
  extraArgs?: string[];
  /** Added to every process's environment. */
  env?: Record<string, string>;
  /** How long the gateway may take to report ready (default 20 s). */
  readyTimeoutMs?: number;
  /** The devnet's block time (default 200 ms, so tests see new blocks quickly). */
  blockTimeMs?: number;
  /**
   * Appended to the devnet's arguments (`photon devnet` in the cluster, `photon start` in-process), e.g.
   * `['--data-dir', dir]` to serve a chain made beforehand.
   */
  devnetArgs?: string[];
  /**
   * A running engine (CometBFT RPC, e.g. http://127.0.0.1:26657) every service reads instead of a devnet
   * the stack starts: a devnet the test runs in its own process produces blocks when the test says.
   */
  engineUrl?: string;
  /** Gives every process but the devnet an ops listener (--ops-laddr) on a free port of its own (see opsUrls). */
  ops?: boolean;
}

interface StackBase {
  httpUrl: string;
  wsUrl: string;
  /** The devnet's CometBFT RPC, e.g. http://127.0.0.1:26657. */
  devnetUrl: string;
  /** Every process of the stack, in start order. */
  all: PhotonProcess[];
  /** The --keystore-dir the stack made (removed by stop), or the one extraArgs named. */
  keystoreDir: string;
  /** Each process's ops listener (http://127.0.0.1:<port>) when the stack was started with `ops`. */
  opsUrls: ReadonlyMap<PhotonProcess, string>;
  /** Stops every process (SIGTERM, SIGKILL after 5 s) and resolves once all exited. */
  stop(): Promise<void>;
}

export interface InProcessStack extends StackBase {
  kind: 'in-process';
  busPrefix: undefined;
  processes: { single: PhotonProcess };
}

export interface ClusterStack extends StackBase {
  kind: 'cluster';
  busPrefix: string;
  natsUrl: string;
  redisUrl: string;
  /** The --keystore-kek-file every keystore replica reads (made by the stack unless extraArgs named one). */
  kekFile: string;
  processes: {
    /** Absent when the stack reads an engine it was given (`engineUrl`). */
    devnet: PhotonProcess | undefined;
    gateway: PhotonProcess;
    query: PhotonProcess[];
    keystore: PhotonProcess[];
    tx: PhotonProcess[];
    events: PhotonProcess[];
  };
}

export type PhotonStack = InProcessStack | ClusterStack;

export function startPhotonStack(kind: 'in-process', opts?: PhotonStackOptions): Promise<InProcessStack>;
export function startPhotonStack(kind: 'cluster', opts?: PhotonStackOptions): Promise<ClusterStack>;
export function startPhotonStack(kind: PhotonStackKind, opts?: PhotonStackOptions): Promise<PhotonStack>;
export async function startPhotonStack(
  kind: PhotonStackKind,
  opts: PhotonStackOptions = {},
): Promise<PhotonStack> {
  const extraArgs = opts.extraArgs ?? [];
  const spawnOpts = opts.env === undefined ? {} : { env: opts.env };
  const httpPort = await freePort();
  const wsPort = await freePort();
  const listenArgs = ['--laddr', `tcp://127.0.0.1:${httpPort}`, '--wsport', String(wsPort)];
  const devnetPort = await freePort();
  const devnetArgs = [
    '--devnet-laddr',
    `tcp://127.0.0.1:${devnetPort}`,
    '--block-time',
    String(opts.blockTimeMs ?? 200),
    ...(opts.devnetArgs ?? []),
  ];
  const base = {
    httpUrl: `http://127.0.0.1:${httpPort}`,
    wsUrl: `ws://127.0.0.1:${wsPort}`,
    devnetUrl: `http://127.0.0.1:${devnetPort}`,
  };
  const all: PhotonProcess[] = [];
  const scratch = await mkdtemp(join(tmpdir(), 'photon-stack-'));
  /** The cluster's bus prefix once chosen: its JetStream head stream goes with the stack. */
  let clusterPrefix: string | undefined;
  const stop = async (): Promise<void> => {
    await Promise.all([...all].reverse().map((p) => p.stop()));
    await rm(scratch, { recursive: true, force: true });
    if (clusterPrefix !== undefined) await removeJetStreamOf(testNatsUrl(), clusterPrefix);
  };
  const opsUrls = new Map<PhotonProcess, string>();
  /** `photon <args>`, with an ops listener of its own when the stack has them. */
  const spawnService = async (args: readonly string[]): Promise<PhotonProcess> => {
    if (opts.ops !== true) return spawnPhoton(args, spawnOpts);
    const port = await freePort();
    const child = spawnPhoton([...args, '--ops-laddr', `tcp://127.0.0.1:${port}`], spawnOpts);
    opsUrls.set(child, `http://127.0.0.1:${port}`);
    return child;
  };
  const keystoreArgs = (groups: readonly string[][]): string[] =>
    hasFlag(groups, 'keystore-dir') ? [] : ['--keystore-dir', join(scratch, 'keystore')];
  const keystoreDir = (groups: readonly string[][]): string =>
    flagValue(groups, 'keystore-dir') ?? join(scratch, 'keystore');

  try {
    if (kind === 'in-process') {
      // photon start brings its own devnet: give it a free port too, so stacks run side by side.
      const groups = flagGroups(extraArgs, [START_SCHEMA]);
      // With --node, photon start reads that engine and starts no devnet: devnetUrl is then that engine.
      const node = opts.engineUrl === undefined ? flagValue(groups, 'node') : engineNode(opts.engineUrl);
      const single = await spawnService([
        'start',
        ...listenArgs,
        ...(node === undefined ? devnetArgs : []),
        ...keystoreArgs(groups),
        ...(opts.engineUrl === undefined ? [] : ['--node', engineNode(opts.engineUrl)]),
        ...extraArgs,
      ]);
      all.push(single);
      await waitForReady(base.httpUrl, { timeoutMs: opts.readyTimeoutMs }, all);
      return {
        ...base,
        ...(node === undefined ? {} : { devnetUrl: node.replace(/^tcp:\/\//, 'http://') }),
        kind,
        busPrefix: undefined,
        all,
        keystoreDir: keystoreDir(groups),
        opsUrls,
        processes: { single },
        stop,
      };
    }

    const groups = flagGroups(extraArgs, [
      GATEWAY_SCHEMA,
      QUERY_SCHEMA,
      KEYSTORE_SCHEMA,
      TX_SCHEMA,
      EVENTS_SCHEMA,
    ]);

    const natsUrl = testNatsUrl();
    await assertNatsReachable(natsUrl);
    const busPrefix = randomBusPrefix();
    clusterPrefix = busPrefix;
    const redisUrl = testRedisUrl();
    // Every cluster command opens Redis: all of them get the test's, unless extraArgs names one.
    const busArgs = [
      '--nats-url',
      natsUrl,
      '--bus-prefix',
      busPrefix,
      ...(hasFlag(groups, 'redis-url') ? [] : ['--redis-url', redisUrl]),
    ];
    let devnet: PhotonProcess | undefined;
    if (opts.engineUrl === undefined) {
      devnet = spawnPhoton(['devnet', ...devnetArgs, '--quiet'], spawnOpts);
      all.push(devnet);
      await waitForDevnet(base.devnetUrl, devnet);
    }
    const nodeArgs = [
      '--node',
      opts.engineUrl === undefined ? `tcp://127.0.0.1:${devnetPort}` : engineNode(opts.engineUrl),
    ];
    const query: PhotonProcess[] = [];
    for (let i = 0; i < (opts.queryReplicas ?? 1); i++) {
      const replica = await spawnService([
        'query',
        ...busArgs,
        ...nodeArgs,
        ...argsFor(QUERY_SCHEMA, groups),
      ]);
      query.push(replica);
      all.push(replica);
    }
    const tx: PhotonProcess[] = [];
    for (let i = 0; i < (opts.txReplicas ?? 1); i++) {
      const replica = await spawnService(['tx', ...busArgs, ...nodeArgs, ...argsFor(TX_SCHEMA, groups)]);
      tx.push(replica);
      all.push(replica);
    }
    const events: PhotonProcess[] = [];
    for (let i = 0; i < (opts.eventsReplicas ?? 1); i++) {
      const replica = await spawnService([
        'events',
        ...busArgs,
        ...nodeArgs,
        ...argsFor(EVENTS_SCHEMA, groups),
      ]);
      events.push(replica);
      all.push(replica);
    }
    const givenKek = flagValue(groups, 'keystore-kek-file');
    const kekFile = givenKek ?? join(scratch, 'kek');
    if (givenKek === undefined) await writeFile(kekFile, randomBytes(32).toString('hex'), { mode: 0o600 });
    const kekArgs = givenKek === undefined ? ['--keystore-kek-file', kekFile] : [];
    const keystore: PhotonProcess[] = [];
    for (let i = 0; i < (opts.keystoreReplicas ?? 1); i++) {
      const replica = await spawnService([
        'keystore',
        ...busArgs,
        ...kekArgs,
        ...keystoreArgs(groups),
        ...argsFor(KEYSTORE_SCHEMA, groups),
      ]);
      keystore.push(replica);
      all.push(replica);
    }
    const gateway = await spawnService([
      'gateway',
      ...listenArgs,
      ...busArgs,
      ...argsFor(GATEWAY_SCHEMA, groups),
    ]);
    all.push(gateway);
    // /readyz answers once any replica of each service does; tests that spread load or target a
    // replica need every one of them subscribed, which each says on stdout once it is.
    await Promise.all(
      [...query, ...tx, ...keystore, ...events].map((replica) =>
        waitForServing(replica, opts.readyTimeoutMs ?? 20_000),
      ),
    );
    await waitForReady(base.httpUrl, { timeoutMs: opts.readyTimeoutMs }, all);
    return {
      ...base,
      ...(opts.engineUrl === undefined ? {} : { devnetUrl: opts.engineUrl }),
      kind,
      busPrefix,
      natsUrl,
      redisUrl,
      kekFile,
      all,
      keystoreDir: keystoreDir(groups),
      opsUrls,
      processes: { devnet, gateway, query, keystore, tx, events },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Resolves once a service replica printed that it serves its queue group; fails if it exits first. */
async function waitForServing(replica: PhotonProcess, timeoutMs: number): Promise<void> {
  await waitFor(
    async () => {
      if (replica.hasExited()) {
        throw new Error(
          `${replica.child.spawnargs.slice(1).join(' ')} exited (code ${String(await replica.exited)})\n${describeOutput([replica])}`,
        );
      }
      return / serving on NATS /.test(replica.output());
    },
    {
      what: `pid ${replica.child.pid ?? '?'} to serve on NATS`,
      timeoutMs,
      detail: () => describeOutput([replica]),
    },
  );
}

/** An engine's RPC URL as --node takes it (tcp://host:port). */
function engineNode(url: string): string {
  const { host } = new URL(url);
  return `tcp://${host}`;
}

/** The ops listener (http://127.0.0.1:<port>) of a process of a stack started with `ops`. */
export function opsUrlOf(stack: PhotonStack, process: PhotonProcess): string {
  const url = stack.opsUrls.get(process);
  if (url === undefined) throw new Error('no ops listener for that process (start the stack with ops: true)');
  return url;
}

/** The Prometheus text an ops listener serves on /metrics. */
export async function metricsOf(opsUrl: string): Promise<string> {
  return (await fetch(`${opsUrl}/metrics`)).text();
}

export interface ExtraGateway {
  readonly httpUrl: string;
  readonly wsUrl: string;
  readonly process: PhotonProcess;
}

/**
 * Another gateway of a cluster stack on free ports (stopped with the stack), ready when this resolves.
 * `listenHost` 0.0.0.0 makes it public; it is still called on 127.0.0.1.
 */
export async function addGateway(
  stack: ClusterStack,
  extraArgs: readonly string[] = [],
  listenHost = '127.0.0.1',
): Promise<ExtraGateway> {
  const httpPort = await freePort();
  const wsPort = await freePort();
  const gateway = spawnPhoton([
    'gateway',
    '--laddr',
    `tcp://${listenHost}:${httpPort}`,
    '--wsport',
    String(wsPort),
    '--nats-url',
    stack.natsUrl,
    '--bus-prefix',
    stack.busPrefix,
    ...extraArgs,
  ]);
  stack.all.push(gateway);
  const httpUrl = `http://127.0.0.1:${httpPort}`;
  await waitForReady(httpUrl, {}, [gateway]);
  return { httpUrl, wsUrl: `ws://127.0.0.1:${wsPort}`, process: gateway };
}
