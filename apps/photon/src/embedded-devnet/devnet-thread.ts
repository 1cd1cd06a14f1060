// The worker thread `photon start` runs its devnet on. The chain executes every eth_call, eth_estimateGas
// and block on the EVM; on a thread of its own that work runs beside the services' instead of taking turns
// with it on one event loop. The services still reach the chain only through its CometBFT RPC: over loopback,
// or (the query service's calls) as the same JSON-RPC frames passed in memory (engine-frames.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { Devnet } from '@photon/devnet';
import type { DevnetThreadOptions, FromDevnetThread, ToDevnetThread } from './devnet-thread-protocol';

function post(message: FromDevnetThread): void {
  parentPort?.postMessage(message);
}

async function run(options: DevnetThreadOptions): Promise<void> {
  let devnet: Devnet;
  try {
    devnet = await Devnet.start({
      ...options,
      onError: (error) => post({ kind: 'block-error', message: String(error) }),
    });
  } catch (error) {
    post({ kind: 'start-failed', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  parentPort?.on('message', (message: ToDevnetThread) => {
    if (message.kind === 'frame') {
      // The dispatcher answers every frame (a bad one with a JSON-RPC error): it never rejects.
      void devnet
        .answerPost(message.body)
        .then(({ status, text }) => post({ kind: 'frame-answer', id: message.id, status, text }));
      return;
    }
    // The thread's exit tells the main thread the chain has stopped; in a worker, exit ends this thread alone.
    void devnet.stop().then(() => process.exit(0));
  });
  post({ kind: 'ready', rpcUrl: devnet.rpcUrl, dataDir: devnet.dataDir });
}

void run(workerData as DevnetThreadOptions);
