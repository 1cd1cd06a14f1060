// The readiness checks every cluster service has: the bus (a round trip to the NATS server) and the store
// (Redis answers PING). Each is bounded by the readiness timeout. The engine's check is engine-check.ts.
import type { Check } from '@photon/ops';
import type { Redis } from 'ioredis';
import type { NatsConnection } from 'nats';

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
