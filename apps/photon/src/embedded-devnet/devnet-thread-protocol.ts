// The messages between `photon start` and the devnet it runs on a worker thread of its own.
import type { DataDirState, DevnetOptions } from '@photon/devnet';

/** What the worker starts the devnet with: DevnetOptions without the callback, which cannot cross threads. */
export type DevnetThreadOptions = Omit<DevnetOptions, 'onError'>;

export type FromDevnetThread =
  | { kind: 'ready'; rpcUrl: string; dataDir: DataDirState | undefined }
  | { kind: 'start-failed'; message: string }
  | { kind: 'block-error'; message: string }
  /** The answer to the `frame` of the same id, as the RPC listener would write it. */
  | { kind: 'frame-answer'; id: number; status: number; text: string };

/** `frame`: a CometBFT JSON-RPC request text (POST / body) from the query service, passed in memory. */
export type ToDevnetThread = { kind: 'stop' } | { kind: 'frame'; id: number; body: string };
