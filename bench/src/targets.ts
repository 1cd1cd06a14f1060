// The servers the bench measures, one row per target; each starts as child processes so the load
// generator never shares their event loop.
import { join } from 'node:path';

import { type ManagedProcess, freePort, spawnProcess, startPhotonStack, waitForReady } from '@photon/testing';

import { type WorkloadName } from './workloads';

export interface RunningTarget {
  /** Where JSON-RPC POSTs go. */
  url: string;
  processes: ManagedProcess[];
  stop(): Promise<void>;
}

export interface Target {
  name: string;
  /** The ceiling other targets are divided by; it answers a fixed body, so replies are not checked. */
  baseline?: boolean;
  /** Minimum req/s as a fraction of the baseline, per workload; printed as PASS/FAIL only. */
  goals?: Partial<Record<WorkloadName, number>>;
  /** Starts the target and resolves once it is ready to take load. */
  start(): Promise<RunningTarget>;
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

export const TARGETS: readonly Target[] = [
  { name: 'echo', baseline: true, start: startEcho },
  {
    name: 'in-process',
    goals: { web3_clientVersion: 0.6 },
    async start() {
      const stack = await startPhotonStack('in-process');
      return { url: stack.httpUrl, processes: stack.all, stop: () => stack.stop() };
    },
  },
  {
    name: 'cluster',
    goals: { web3_clientVersion: 0.35 },
    async start() {
      const stack = await startPhotonStack('cluster', { queryReplicas: 1 });
      return { url: stack.httpUrl, processes: stack.all, stop: () => stack.stop() };
    },
  },
];
