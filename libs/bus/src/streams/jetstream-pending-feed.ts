// The cluster's pending feed on NATS JetStream (`<prefix>_pending`, an hour of hashes): each hash is
// published with itself as the message id, so JetStream drops a repeat inside the duplicate window;
// positions are stream sequence numbers. Followers read through an ordered consumer; a pending filter's
// poll reads a page after its position.
import type { NatsConnection } from 'nats';
import { JetStreamSubject } from './jetstream-subject';
import { type PendingPage, PendingFeed } from './pending-feed';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class JetStreamPendingFeed extends PendingFeed {
  private readonly subject: JetStreamSubject;

  constructor(connection: NatsConnection, prefix: string) {
    super();
    this.subject = new JetStreamSubject(connection, prefix, 'pending', {
      maxMessages: 100_000,
      maxAgeMs: 60 * 60 * 1000,
      duplicateWindowMs: 10 * 60 * 1000,
    });
  }

  append(hash: string): Promise<void> {
    const key = hash.toLowerCase();
    return this.subject.publish(encoder.encode(key), key);
  }

  follow(listener: (hash: string) => void): Promise<() => void> {
    return this.subject.follow((data) => listener(decoder.decode(data)));
  }

  async position(): Promise<string> {
    return String((await this.subject.sequences()).last);
  }

  async readAfter(position: string, limit: number): Promise<PendingPage> {
    const { first, last } = await this.subject.sequences();
    const after = Number(position);
    if (last <= after) return { hashes: [], position };
    const start = Math.max(after + 1, first);
    const page = await this.subject.read(start, Math.min(limit, last - start + 1));
    if (page.length === 0) return { hashes: [], position };
    return { hashes: page.map((entry) => decoder.decode(entry.data)), position: String(page.at(-1)!.seq) };
  }

  close(): Promise<void> {
    this.subject.close();
    return Promise.resolve();
  }
}
