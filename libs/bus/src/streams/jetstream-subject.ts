// One JetStream stream of one subject, as the head stream and the pending feed use it: created on first
// use (by whichever process comes first; the same config again is a no-op), published to with a message
// id (JetStream drops a repeat inside the duplicate window), followed through an ordered consumer from
// now on (it re-creates itself after a reconnect from the last sequence it delivered), and read as pages
// from a sequence.
import {
  DeliverPolicy,
  DiscardPolicy,
  type JetStreamClient,
  type NatsConnection,
  RetentionPolicy,
  StorageType,
  nanos,
} from 'nats';

export interface JetStreamSubjectLimits {
  readonly maxMessages: number;
  readonly maxAgeMs: number;
  readonly duplicateWindowMs: number;
}

/**
 * How long a publish waits for JetStream's ack before it fails (nats.js waits 5 s). A publish sent as the
 * server restarts can get no ack at all: the events leader then sat 5 s on it while its lease ran out, and
 * a NATS restart cost the tier 4.4 s of heads. Failing sooner lets the publisher try again (the message id
 * makes a repeat of a stored message a no-op).
 */
const PUBLISH_TIMEOUT_MS = 1_500;

/** How long one pull waits; an ordered consumer re-creates itself after missed heartbeats (half of it). */
const PULL_EXPIRES_MS = 5_000;

export class JetStreamSubject {
  private readonly js: JetStreamClient;
  private readonly stream: string;
  private readonly subject: string;
  private ready: Promise<void> | undefined;
  /** One manager per subject: making one asks the server for its JetStream API on every call. */
  private manager: ReturnType<NatsConnection['jetstreamManager']> | undefined;
  private readonly stops = new Set<() => void>();

  /** `<prefix>_<name>` stream (stream names allow no dots) over the `<prefix>.<name>` subject. */
  constructor(
    private readonly connection: NatsConnection,
    prefix: string,
    name: string,
    private readonly limits: JetStreamSubjectLimits,
  ) {
    this.js = connection.jetstream();
    this.stream = `${prefix.replace(/[^A-Za-z0-9_-]/g, '_')}_${name}`;
    this.subject = `${prefix}.${name}`;
  }

  async publish(data: Uint8Array, messageId: string): Promise<void> {
    await this.ensure();
    await this.js.publish(this.subject, data, { msgID: messageId, timeout: PUBLISH_TIMEOUT_MS });
  }

  /** Calls `onMessage` with each message published from now on, in order; resolves with a stop. */
  async follow(onMessage: (data: Uint8Array) => void): Promise<() => void> {
    await this.ensure();
    const consumer = await this.js.consumers.get(this.stream, {
      filterSubjects: this.subject,
      deliver_policy: DeliverPolicy.New,
    });
    const messages = await consumer.consume({ expires: PULL_EXPIRES_MS });
    void (async () => {
      for await (const message of messages) {
        try {
          onMessage(message.data);
        } catch {
          // A follower's failure is its own.
        }
      }
    })().catch(() => undefined);
    const stop = () => {
      this.stops.delete(stop);
      void messages.close().catch(() => undefined);
    };
    this.stops.add(stop);
    return stop;
  }

  /** The first and last sequence the stream holds. */
  async sequences(): Promise<{ first: number; last: number }> {
    await this.ensure();
    const { state } = await (await this.jetstreamManager()).streams.info(this.stream);
    return { first: state.first_seq, last: state.last_seq };
  }

  /** `count` messages from sequence `start` on (fewer if they do not come within 2 s). */
  async read(start: number, count: number): Promise<{ data: Uint8Array; seq: number }[]> {
    const consumer = await this.js.consumers.get(this.stream, {
      filterSubjects: this.subject,
      deliver_policy: DeliverPolicy.StartSequence,
      opt_start_seq: start,
    });
    const page: { data: Uint8Array; seq: number }[] = [];
    for await (const message of await consumer.fetch({ max_messages: count, expires: 2_000 })) {
      page.push({ data: message.data, seq: message.seq });
      if (page.length >= count) break;
    }
    return page;
  }

  close(): void {
    for (const stop of [...this.stops]) stop();
  }

  private ensure(): Promise<void> {
    this.ready ??= this.create().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  private jetstreamManager(): ReturnType<NatsConnection['jetstreamManager']> {
    this.manager ??= this.connection.jetstreamManager().catch((error: unknown) => {
      this.manager = undefined;
      throw error;
    });
    return this.manager;
  }

  private async create(): Promise<void> {
    const manager = await this.jetstreamManager();
    try {
      await manager.streams.info(this.stream);
    } catch {
      await manager.streams.add({
        name: this.stream,
        subjects: [this.subject],
        retention: RetentionPolicy.Limits,
        storage: StorageType.File,
        discard: DiscardPolicy.Old,
        max_msgs: this.limits.maxMessages,
        max_age: nanos(this.limits.maxAgeMs),
        duplicate_window: nanos(this.limits.duplicateWindowMs),
      });
    }
  }
}
