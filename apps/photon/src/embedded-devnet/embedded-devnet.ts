// `photon start`'s own chain, on a worker thread (devnet-thread.ts): started, watched and stopped from the
// main thread, which logs for it.
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DataDirState } from '@photon/devnet';
import type { EnginePost } from '@photon/engine-client';
import type { PhotonLogger } from '../photon-logger';
import type { DevnetThreadOptions, FromDevnetThread, ToDevnetThread } from './devnet-thread-protocol';
import { EngineFrames } from './engine-frames';

export interface EmbeddedDevnet {
  /** The devnet's CometBFT RPC address, e.g. http://127.0.0.1:26657. */
  readonly rpcUrl: string;
  readonly dataDir: DataDirState | undefined;
  /** The devnet's CometBFT JSON-RPC in memory, for the query service's engine clients (engine-frames.ts). */
  readonly post: EnginePost;
  /** Stops block production, closes the RPC and the data dir, and ends the thread. */
  stop(): Promise<void>;
}

/** The compiled thread script next to this file (the CLI runs from dist). */
const THREAD_SCRIPT = join(__dirname, 'devnet-thread.js');

export function startEmbeddedDevnet(
  options: DevnetThreadOptions,
  logger: PhotonLogger,
): Promise<EmbeddedDevnet> {
  const worker = new Worker(THREAD_SCRIPT, { workerData: options });
  const frames = new EngineFrames(worker);
  let stopping: Promise<void> | undefined;
  return new Promise((resolve, reject) => {
    let started = false;
    worker.on('message', (message: FromDevnetThread) => {
      switch (message.kind) {
        case 'ready':
          started = true;
          resolve({
            rpcUrl: message.rpcUrl,
            dataDir: message.dataDir,
            post: frames.post,
            stop: () => (stopping ??= stopThread(worker)),
          });
          return;
        case 'start-failed':
          reject(new Error(message.message));
          return;
        case 'block-error':
          logger.error(`photon devnet: block production failed: ${message.message}`);
          return;
      }
    });
    worker.on('error', (error) => {
      if (!started) {
        reject(error);
        return;
      }
      // The chain under every service is gone: as when it shared the main thread, the process ends.
      logger.error(`photon devnet: the devnet thread failed: ${error.message}`);
      process.exit(1);
    });
    worker.on('exit', (code) => {
      if (!started)
        reject(new Error(`photon devnet: the devnet thread exited (code ${code}) before it started`));
      else if (stopping === undefined) {
        logger.error(`photon devnet: the devnet thread exited (code ${code})`);
        process.exit(1);
      }
    });
  });
}

function stopThread(worker: Worker): Promise<void> {
  return new Promise((resolve) => {
    worker.once('exit', () => resolve());
    worker.postMessage({ kind: 'stop' } satisfies ToDevnetThread);
  });
}
