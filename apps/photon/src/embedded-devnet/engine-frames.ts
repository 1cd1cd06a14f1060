// The query service's engine calls to `photon start`'s own devnet, as the same CometBFT JSON-RPC frames it
// would POST, passed to the devnet's thread in memory: no HTTP request to write and parse on either side,
// and no socket. The cluster keeps the wire. A frame whose deadline passes is forgotten here (its answer,
// if it comes, is dropped); a devnet thread that is gone fails every frame at once, as a refused connection.
import type { Worker } from 'node:worker_threads';
import type { EngineAnswer, EnginePost } from '@photon/engine-client';
import type { FromDevnetThread, ToDevnetThread } from './devnet-thread-protocol';

interface Waiting {
  resolve(answer: EngineAnswer): void;
  reject(error: Error): void;
}

export class EngineFrames {
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private gone = false;

  constructor(private readonly worker: Worker) {
    worker.on('message', (message: FromDevnetThread) => {
      if (message.kind !== 'frame-answer') return;
      const waiting = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      waiting?.resolve({ status: message.status, text: message.text });
    });
    worker.on('exit', () => {
      this.gone = true;
      for (const waiting of this.waiting.values()) waiting.reject(threadGone());
      this.waiting.clear();
    });
  }

  /** The EnginePost of the query service's engine clients. */
  readonly post: EnginePost = (body, deadline) =>
    new Promise((resolve, reject) => {
      if (this.gone) return reject(threadGone());
      if (deadline.passed) return reject(new Error('deadline passed'));
      const id = this.nextId++;
      const off = deadline.onPass(() => {
        this.waiting.delete(id);
        reject(new Error('deadline passed'));
      });
      this.waiting.set(id, {
        resolve: (answer) => {
          off();
          resolve(answer);
        },
        reject: (error) => {
          off();
          reject(error);
        },
      });
      this.worker.postMessage({ kind: 'frame', id, body } satisfies ToDevnetThread);
    });
}

/** What the transport reads as "nobody answered" (EngineUnavailableError). */
function threadGone(): Error {
  return Object.assign(new Error('the devnet thread has stopped'), { code: 'ECONNREFUSED' });
}
