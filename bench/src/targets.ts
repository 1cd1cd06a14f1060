// The servers the bench measures, one row per target; each starts as child processes so the load
// generator never shares their event loop.
import { join } from 'node:path';

import {
  type ManagedProcess,
  type PhotonStackKind,
  type PhotonStackOptions,
  freePort,
  spawnProcess,
  waitForReady,
} from '@photon/testing';

import { startBenchStack } from './bench-stack';

import { ANVIL } from './peers/anvil';
import { GANACHE } from './peers/ganache';
import { HARDHAT } from './peers/hardhat';
import { startPeer } from './peers/start-peer';
import { startRelay } from './floor-relay/start-relay';

export interface RunningTarget {
  /** Where JSON-RPC POSTs go. */
  url: string;
  processes: ManagedProcess[];
  stop(): Promise<void>;
}

/** What a target may need to start. */
export interface TargetContext {
  /** The data dir of the chain the query workloads read (made on first use; see make-bench-chain.ts). */
  chainDir(): Promise<string>;
  /**
   * Where the deploy and each transfer should land on a peer's chain: the devnet chain's heights when
   * it was made this run, else the plan's (plannedTxHeights), so a peer alone needs no devnet.
   */
  txHeights(): Promise<readonly bigint[]>;
  /** The height every chain is made or mined to. */
  readonly chainHeight: number;
}

export interface Target {
  name: string;
  /** The ceiling other targets are divided by; it answers a fixed body, so replies are not checked. */
  baseline?: boolean;
  /** Another node measured for comparison (`--peers`); Photon's rows get a ratio to each. */
  peer?: boolean;
  /** Measured only when `--targets` names it (the floor relay): never in a default run or with `--peers`. */
  onlyWhenNamed?: boolean;
  /** Starts the target and resolves once it is ready to take load. */
  start(context: TargetContext): Promise<RunningTarget>;
}

async function startEcho(): Promise<RunningTarget> {
  const port = await freePort();
  const proc = spawnProcess(process.execPath, [join(__dirname, 'echo-server.js'), String(port)]);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForReady(url, { timeoutMs: 10_000 }, proc);
  } catch (err) {
    await proc.stop();
    throw err;
  }
  return { url, processes: [proc], stop: () => proc.stop() };
}

/** A Photon stack on its own copy of the bench chain (bench-stack.ts), as a target. */
async function startStack(
  kind: PhotonStackKind,
  context: TargetContext,
  opts: PhotonStackOptions = {},
): Promise<RunningTarget> {
  const { stack, stop } = await startBenchStack(kind, await context.chainDir(), opts);
  return { url: stack.httpUrl, processes: stack.all, stop };
}

export const TARGETS: readonly Target[] = [
  { name: 'echo', baseline: true, start: startEcho },
  {
    name: 'in-process',
    start: (context) => startStack('in-process', context),
  },
  {
    name: 'cluster',
    start: (context) => startStack('cluster', context, { queryReplicas: 1 }),
  },
  // The floor of the cluster's parts with none of Photon's own work (floor-relay/start-relay.ts).
  { name: 'relay', onlyWhenNamed: true, start: startRelay },
  { name: 'anvil', peer: true, start: (context) => startPeer(ANVIL, context) },
  { name: 'hardhat', peer: true, start: (context) => startPeer(HARDHAT, context) },
  { name: 'ganache', peer: true, start: (context) => startPeer(GANACHE, context) },
];
