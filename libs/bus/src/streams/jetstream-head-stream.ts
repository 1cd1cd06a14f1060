// The cluster's head stream on NATS JetStream (`<prefix>_heads`, bounded in heads and age): each height is
// published with its height as the message id, so JetStream drops a repeat inside the duplicate window.
// Followers read through an ordered consumer, which resumes after a reconnect where it was: no gap, no
// repeat; heights at or below the last one delivered are dropped as well (a repeat outside the window).
import type { NatsConnection } from 'nats';
import { type HeadEvent, type HeadListener, HeadStream } from './head-stream';
import { JetStreamSubject } from './jetstream-subject';

export interface JetStreamHeadStreamOptions {
  /** Heads kept (default 10,000: hours of blocks at any Ethermint block time). */
  readonly maxHeads?: number;
  /** Window in which JetStream drops a repeated height (default 2 minutes). */
  readonly duplicateWindowMs?: number;
  /** How long a head is kept at most (default 24 hours). */
  readonly maxAgeMs?: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class JetStreamHeadStream extends HeadStream {
  private readonly subject: JetStreamSubject;

  constructor(connection: NatsConnection, prefix: string, options: JetStreamHeadStreamOptions = {}) {
    super();
    this.subject = new JetStreamSubject(connection, prefix, 'heads', {
      maxMessages: options.maxHeads ?? 10_000,
      maxAgeMs: options.maxAgeMs ?? 24 * 60 * 60 * 1000,
      duplicateWindowMs: options.duplicateWindowMs ?? 120_000,
    });
  }

  append(event: HeadEvent): Promise<void> {
    return this.subject.publish(encoder.encode(JSON.stringify(event)), event.height);
  }

  follow(listener: HeadListener): Promise<() => void> {
    let last: bigint | undefined;
    return this.subject.follow((data) => {
      const event = JSON.parse(decoder.decode(data)) as HeadEvent;
      const height = BigInt(event.height);
      if (last !== undefined && height <= last) return;
      last = height;
      listener(event);
    });
  }

  close(): Promise<void> {
    this.subject.close();
    return Promise.resolve();
  }
}
