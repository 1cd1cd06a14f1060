// Publishes on NATS in batches: everything published during one event-loop iteration goes out in
// one socket write at its end. nats.js flushes after each microtask checkpoint, so under load
// every request (each its own I/O callback) cost a write syscall of its own.
import type { MsgHdrs, NatsConnection } from 'nats';

interface Outgoing {
  readonly subject: string;
  readonly data: Uint8Array | undefined;
  readonly reply: string | undefined;
  readonly headers: MsgHdrs | undefined;
}

export class CoalescingPublisher {
  private queue: Outgoing[] = [];
  private scheduled = false;

  constructor(
    private readonly connection: NatsConnection,
    private readonly onError: (outgoing: Outgoing, error: unknown) => void,
  ) {}

  publish(subject: string, data: Uint8Array | undefined, reply?: string, headers?: MsgHdrs): void {
    this.queue.push({ subject, data, reply, headers });
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  /**
   * Publishes at once, after what is already queued: for a message that must reach NATS before whatever
   * another publisher of the process queues next (a head announced before the reply that carries it).
   */
  publishNow(subject: string, data: Uint8Array | undefined): void {
    this.queue.push({ subject, data, reply: undefined, headers: undefined });
    this.flush();
  }

  /** Hands what is queued to NATS now (a closing server's last replies); the scheduled flush finds nothing. */
  flush(): void {
    const batch = this.queue;
    this.queue = [];
    this.scheduled = false;
    for (const outgoing of batch) {
      try {
        this.connection.publish(outgoing.subject, outgoing.data, {
          ...(outgoing.reply === undefined ? {} : { reply: outgoing.reply }),
          ...(outgoing.headers === undefined ? {} : { headers: outgoing.headers }),
        });
      } catch (error) {
        this.onError(outgoing, error);
      }
    }
  }
}

export type { Outgoing };
