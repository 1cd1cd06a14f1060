// NATS publishes made during one event-loop turn, handed to nats.js together at its end, so they leave in
// one socket write: the same coalescing Photon's bus does (a relay without it pays a write per message and
// would be no floor).
import type { NatsConnection } from 'nats';

export type PublishSoon = (subject: string, data: Uint8Array, reply?: string) => void;

export function publishSoon(connection: NatsConnection): PublishSoon {
  let queue: [string, Uint8Array, string | undefined][] = [];
  const flush = () => {
    const batch = queue;
    queue = [];
    for (const [subject, data, reply] of batch)
      connection.publish(subject, data, reply === undefined ? undefined : { reply });
  };
  return (subject, data, reply) => {
    if (queue.push([subject, data, reply]) === 1) setImmediate(flush);
  };
}

/** A message's bytes as text, read in place. */
export const textOf = (data: Uint8Array): string =>
  Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8');
