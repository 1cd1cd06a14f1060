// The readiness checks of a cluster service: the bus (a round trip to the NATS server), the store (Redis
// answers PING) and the engine (CometBFT's `health` through the engine client, asked at most once a
// second however many probes come). Each is bounded by the readiness timeout.
import { CometHttpClient } from '@photon/engine-client';
import { type Check, cachedCheck } from '@photon/ops';
import type { Redis } from 'ioredis';
import type { NatsConnection } from 'nats';

const ENGINE_TIMEOUT_MS = 1_000;
const ENGINE_ASKED_EVERY_MS = 1_000;

export function busCheck(nats: NatsConnection): Check {
  return async () => {
    if (nats.isClosed() || nats.isDraining()) return false;
    await nats.flush();
    return true;
  };
}

export function storeCheck(redis: Redis): Check {
  return async () => (await redis.ping()) === 'PONG';
}

/** The engine check and the client it holds, closed with the process. */
export function engineCheck(node: URL): { readonly check: Check; close(): void } {
  const comet = new CometHttpClient(node, { timeoutMs: ENGINE_TIMEOUT_MS });
  const check = cachedCheck(async () => {
    await comet.call('health', {}, ENGINE_TIMEOUT_MS);
    return true;
  }, ENGINE_ASKED_EVERY_MS);
  return { check, close: () => comet.close() };
}
