// Starts a whole Photon topology on free ports and waits until its gateway reports ready:
// 'in-process' is one `photon start` (with its embedded devnet); 'cluster' is a `photon devnet`,
// query replicas pointed at it with --node, and a gateway, over real NATS.
import { freePort } from './free-port';
import { assertNatsReachable, randomBusPrefix, testNatsUrl } from './nats';
import { type PhotonProcess, spawnPhoton } from './spawn-photon';
import { waitForDevnet } from './wait-for-devnet';
import { waitForReady } from './wait-for-ready';

export type PhotonStackKind = 'in-process' | 'cluster';

export interface PhotonStackOptions {
  /** Query processes in the cluster (default 1); ignored in-process. */
  queryReplicas?: number;
  /** Appended to every process's arguments. */
  extraArgs?: string[];
  /** Added to every process's environment. */
  env?: Record<string, string>;
  /** How long the gateway may take to report ready (default 20 s). */
  readyTimeoutMs?: number;
  /** The devnet's block time (default 200 ms, so tests see new blocks quickly). */
  blockTimeMs?: number;
}

interface StackBase {
  httpUrl: string;
  wsUrl: string;
  /** The devnet's CometBFT RPC, e.g. http://127.0.0.1:26657. */
  devnetUrl: string;
  /** Every process of the stack, in start order. */
  all: PhotonProcess[];
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
  processes: { devnet: PhotonProcess; gateway: PhotonProcess; query: PhotonProcess[] };
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
  ];
  const base = {
    httpUrl: `http://127.0.0.1:${httpPort}`,
    wsUrl: `ws://127.0.0.1:${wsPort}`,
    devnetUrl: `http://127.0.0.1:${devnetPort}`,
  };
  const all: PhotonProcess[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all([...all].reverse().map((p) => p.stop()));
  };

  try {
    if (kind === 'in-process') {
      // photon start brings its own devnet: give it a free port too, so stacks run side by side.
      const single = spawnPhoton(['start', ...listenArgs, ...devnetArgs, ...extraArgs], spawnOpts);
      all.push(single);
      await waitForReady(base.httpUrl, { timeoutMs: opts.readyTimeoutMs }, all);
      return { ...base, kind, busPrefix: undefined, all, processes: { single }, stop };
    }

    const natsUrl = testNatsUrl();
    await assertNatsReachable(natsUrl);
    const busPrefix = randomBusPrefix();
    const busArgs = ['--nats-url', natsUrl, '--bus-prefix', busPrefix];
    const devnet = spawnPhoton(['devnet', ...devnetArgs, '--quiet'], spawnOpts);
    all.push(devnet);
    await waitForDevnet(base.devnetUrl, devnet);
    const nodeArgs = ['--node', `tcp://127.0.0.1:${devnetPort}`];
    const query: PhotonProcess[] = [];
    for (let i = 0; i < (opts.queryReplicas ?? 1); i++) {
      const replica = spawnPhoton(['query', ...busArgs, ...nodeArgs, ...extraArgs], spawnOpts);
      query.push(replica);
      all.push(replica);
    }
    const gateway = spawnPhoton(['gateway', ...listenArgs, ...busArgs, ...extraArgs], spawnOpts);
    all.push(gateway);
    await waitForReady(base.httpUrl, { timeoutMs: opts.readyTimeoutMs }, all);
    return { ...base, kind, busPrefix, natsUrl, all, processes: { devnet, gateway, query }, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
