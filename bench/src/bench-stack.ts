// A Photon stack serving the bench chain at a 1 s block time, so head-cached answers live as long as on a
// real chain, with the ops listener on unless asked otherwise (`ops: false`, to measure what it costs), as
// compose and k8s run every process: its metrics count every call, so the CPU per request is what an operator
// pays. A data dir has one owner at a time, so each stack runs on its own copy, removed with the stack.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ClusterStack,
  type PhotonStack,
  type PhotonStackKind,
  type PhotonStackOptions,
  startPhotonStack,
} from '@photon/testing';

export interface BenchStack<S extends PhotonStack> {
  readonly stack: S;
  /** Stops the stack and removes its copy of the chain. */
  readonly stop: () => Promise<void>;
}

export function startBenchStack(
  kind: 'cluster',
  chainDir: string,
  opts?: PhotonStackOptions,
): Promise<BenchStack<ClusterStack>>;
export function startBenchStack(
  kind: PhotonStackKind,
  chainDir: string,
  opts?: PhotonStackOptions,
): Promise<BenchStack<PhotonStack>>;
export async function startBenchStack(
  kind: PhotonStackKind,
  chainDir: string,
  opts: PhotonStackOptions = {},
): Promise<BenchStack<PhotonStack>> {
  const dataDir = await mkdtemp(join(tmpdir(), `photon-bench-${kind}-`));
  const removeDataDir = (): Promise<void> => rm(dataDir, { recursive: true, force: true });
  try {
    await cp(chainDir, dataDir, { recursive: true });
    const stack = await startPhotonStack(kind, {
      ...opts,
      blockTimeMs: 1000,
      ops: opts.ops ?? true,
      // Opening a copy of the bench chain can take longer than the default 20 s on a busy box.
      readyTimeoutMs: 60_000,
      devnetArgs: ['--data-dir', dataDir],
    });
    return {
      stack,
      stop: async () => {
        await stack.stop();
        await removeDataDir();
      },
    };
  } catch (err) {
    await removeDataDir();
    throw err;
  }
}
