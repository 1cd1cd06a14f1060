// The readiness check of a service that reads the engine: CometBFT's `health` through the engine client,
// asked at most once a second however many probes come, bounded by the readiness timeout. Its own file so
// that services without an engine (the keystore) do not load the engine client.
import { CometHttpClient } from '@photon/engine-client';
import { type Check, cachedCheck } from '@photon/ops';

const ENGINE_TIMEOUT_MS = 1_000;
const ENGINE_ASKED_EVERY_MS = 1_000;

export interface EngineCheck {
  readonly check: Check;
  close(): void;
}

/** The engine check and the client it holds, closed with the process. */
export function engineCheck(node: URL): EngineCheck {
  const comet = new CometHttpClient(node, { timeoutMs: ENGINE_TIMEOUT_MS });
  const check = cachedCheck(async () => {
    await comet.call('health', {}, ENGINE_TIMEOUT_MS);
    return true;
  }, ENGINE_ASKED_EVERY_MS);
  return { check, close: () => comet.close() };
}
