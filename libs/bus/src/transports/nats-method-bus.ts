// The cluster transport: NATS request/reply to the owning service's queue group. A service with
// no replica up answers at once through NATS "no responders" instead of hanging the caller.
//
// Replies are multiplexed on one wildcard inbox subscription per connection. nats.js's own
// request() does the same but builds an Error (with a stack) for every request, even successful
// ones, which cost a fifth of the gateway's CPU; this keeps only a map entry and a deadline (call-deadlines.ts).
//
// The calls of a JSON-RPC batch that one service owns go in one message to its batch subject and come
// back in one reply or a few parts (see split-replies.ts); where no replica takes batches (none up, or
// an older release) they go one by one, as before.
//
// A request in flight when the connection to the server drops fails at once: its request or its reply was
// lost with the server (core NATS keeps neither), so waiting would only end in "request timed out" after
// the method's whole timeout (up to 28 s) while the client, and a load balancer's health check, wait too.
// A request held by a service replica that died (its heartbeat stopped while others' went on: see
// replica-liveness.ts) does not wait out its timeout either: a read of an idempotent service is sent again, to
// the replicas left; any other call it took (or none said it took) fails with -32002 once NATS says the
// replica's connection is gone, and otherwise waits for its answer or its timeout.
//
// While the connection is down, a request fails at once as well: nats.js would buffer it, then drop its
// buffer at the next dial (each attempt starts with an empty outbound buffer), so it could only time out.
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { LimitExceededError, RemoteRpcError, ResourceUnavailableError } from '@photon/codec';
import type { ServiceName } from '@photon/types';
import {
  ErrorCode,
  Events,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  NatsError,
  type Subscription,
  createInbox,
  headers,
} from 'nats';
import type { CallContext } from '../handlers/call-context';
import type { BusEventListener, BusEventSubject, BusEvents } from './bus-events';
import { type BusCall, type BusRequest, MethodBus } from './method-bus';
import {
  type BusBatchReplyPart,
  type BusBatchRequest,
  type BusReply,
  decodeJson,
  encodeJson,
  rawResultOf,
  resultOf,
  unwrapReply,
} from './bus-wire';
import { type CallDeadline, CallDeadlines } from './call-deadlines';
import { CoalescingPublisher } from './coalescing-publisher';
import { splitRequestId } from './request-id-header';
import { eventSubject, pingSubject, rpcBatchSubject, rpcSubject } from './nats-subjects';
import {
  HEARTBEAT_MS,
  type Heartbeat,
  IDEMPOTENT_SERVICES,
  ReplicaLiveness,
  SAY_TAKEN_HEADER,
  TAKEN_HEADER,
  heartbeatSubject,
  servesOnlyReads,
} from './replica-liveness';
import { hostname } from 'node:os';

interface PendingReply {
  readonly service: ServiceName;
  /** Takes one reply message; true once the exchange has all it waits for. */
  readonly take: (message: Msg) => boolean;
  readonly reject: (error: unknown) => void;
  readonly deadline: CallDeadline;
  /** The connection's generation when the request went out (raised at each disconnect). */
  readonly generation: number;
  /** What went out, to send again when its replica is lost (idempotent services only). */
  readonly resend: (() => void) | undefined;
  /** The replica that said it took the call (non-idempotent services), once it did. */
  replica?: string;
  /** How often it went again after a replica was lost. */
  resent: number;
  /** When it went out (Date.now()). */
  readonly sentAt: number;
}

/** A call no replica said it took this long after it went out is taken by none alive (they say so at once). */
const UNTAKEN_AFTER_MS = 2 * HEARTBEAT_MS;

/**
 * How long a silent replica's probe may go unanswered: NATS says "no responders" within a round trip when
 * the connection is gone; past this it is there, its process too busy to answer.
 */
const PROBE_TIMEOUT_MS = 2_000;

/** A read goes again at most this often: past it, a tier losing replica after replica lets it time out. */
const MAX_RESENDS = 2;

/** The service has no replica subscribed to the subject asked. */
class NoResponders extends ResourceUnavailableError {}

/** NATS status code of the reply the server sends when a subject has no subscriber. */
const NO_RESPONDERS = 503;

@Injectable()
export class NatsMethodBus extends MethodBus implements OnModuleDestroy {
  private readonly inbox = createInbox();
  private readonly pending = new Map<string, PendingReply>();
  private readonly deadlines = new CallDeadlines();
  private readonly subscription: Subscription;
  private readonly eventSubscriptions = new Set<Subscription>();
  private readonly publisher: CoalescingPublisher;
  private nextToken = 0;
  private generation = 0;
  /** False from a disconnect until the connection is back (its subscriptions sent again). */
  private connected = true;
  private readonly liveness = new ReplicaLiveness();
  /** The silent replicas whose probe is in flight, with the services they serve. */
  private readonly probing = new Map<string, readonly ServiceName[]>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly connection: NatsConnection,
    private readonly prefix: string,
  ) {
    super();
    this.publisher = new CoalescingPublisher(connection, (outgoing, error) => {
      const token = outgoing.reply?.slice(this.inbox.length + 1);
      if (token !== undefined) this.fail(token, mapPublishError(error));
    });
    this.subscription = connection.subscribe(`${this.inbox}.*`, {
      callback: (error, message) => {
        if (error === null) this.settle(message);
      },
    });
    void this.failInFlightOnDisconnect();
    this.eventSubscriptions.add(
      connection.subscribe(heartbeatSubject(prefix), {
        callback: (error, message) => {
          if (error !== null) return;
          try {
            this.liveness.heard(decodeJson<Heartbeat>(message.data));
          } catch {
            // Not a heartbeat: ignored.
          }
        },
      }),
    );
    // This process beats too, so the replicas' silence is measured against heartbeats that went round NATS.
    const beat = encodeJson({
      replica: `${hostname()}:${process.pid}:${this.inbox}`,
      services: [],
    } satisfies Heartbeat);
    this.heartbeat = setInterval(() => {
      if (this.connected) this.publisher.publish(heartbeatSubject(prefix), beat);
      for (const lost of this.liveness.takeLost()) this.replicaLost(lost);
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /**
   * Sends again the reads `lost` may have held at once; fails the other calls it held (it said it took them,
   * or none said so) once NATS confirms its connection is gone (see probeSubject). A replica only silent
   * (its event loop starved, its connection up) is taken back: its calls wait for its answer or their timeout.
   */
  private replicaLost(lost: Heartbeat): void {
    for (const pending of this.pending.values())
      if (
        pending.resend !== undefined &&
        lost.services.includes(pending.service) &&
        pending.resent < MAX_RESENDS
      ) {
        pending.resent++;
        pending.resend();
      }
    if (servesOnlyReads(lost.services)) return;
    if (lost.probe === undefined) {
      this.failWritesOf(lost);
      return;
    }
    this.probing.set(lost.replica, lost.services);
    void this.connectionGone(lost.probe).then((gone) => {
      this.probing.delete(lost.replica);
      if (gone) this.failWritesOf(lost);
      else this.liveness.stillAlive(lost);
    });
  }

  /** True when NATS answers "no responders" on `probe`: the replica's connection is gone. */
  private async connectionGone(probe: string): Promise<boolean> {
    try {
      await this.connection.request(probe, undefined, { timeout: PROBE_TIMEOUT_MS });
      return false;
    } catch (error) {
      return error instanceof NatsError && error.code === String(ErrorCode.NoResponders);
    }
  }

  /** Fails the calls `lost` said it took, and those none took that it may have had unread. */
  private failWritesOf(lost: Heartbeat): void {
    for (const [token, pending] of this.pending) {
      if (pending.replica === lost.replica) {
        this.fail(
          token,
          new ResourceUnavailableError(
            `the ${pending.service} replica that took the call stopped; the call may or may not have run`,
          ),
        );
      } else if (
        pending.resend === undefined &&
        pending.replica === undefined &&
        lost.services.includes(pending.service) &&
        Date.now() - pending.sentAt > UNTAKEN_AFTER_MS &&
        !this.anotherMayHold(pending.service, lost.replica)
      ) {
        // No replica said it took the call, though a live one says so as it reads one: the lost replica had
        // it unread (or died reading it). Failing now rather than at the timeout; it may have begun, so say so.
        this.fail(
          token,
          new ResourceUnavailableError(
            `the ${pending.service} replica the call went to stopped; the call may or may not have run`,
          ),
        );
      }
    }
  }

  /**
   * Whether a replica of `service` other than `lost` is silent too (being probed, or missing heartbeats): an
   * untaken call may sit unread in its stalled event loop, so it is left to that replica's answer, to that
   * replica's own loss or to its timeout (a keystore killed while its twin was stopped failed the twin's call).
   */
  private anotherMayHold(service: ServiceName, lost: string): boolean {
    for (const [replica, services] of this.probing)
      if (replica !== lost && services.includes(service)) return true;
    return this.liveness.silentServing(service, lost, 2 * HEARTBEAT_MS);
  }

  /** Fails every request sent before each disconnect, and refuses new ones until the connection is back. */
  private async failInFlightOnDisconnect(): Promise<void> {
    for await (const status of this.connection.status()) {
      if (status.type === Events.Reconnect) this.connected = true;
      if (status.type !== Events.Disconnect) continue;
      this.connected = false;
      const lost = this.generation++;
      for (const [token, pending] of this.pending)
        if (pending.generation <= lost)
          this.fail(
            token,
            new ResourceUnavailableError('the bus connection was lost; the call may or may not have run'),
          );
    }
  }

  async request(service: ServiceName, request: BusRequest, timeoutMs: number): Promise<unknown> {
    return unwrapReply((await this.sendRequest(service, request, timeoutMs)).data);
  }

  /** The result as the service's JSON text (RawJson) when it succeeded: it is not parsed here. */
  override async requestRaw(service: ServiceName, request: BusRequest, timeoutMs: number): Promise<unknown> {
    return rawResultOf((await this.sendRequest(service, request, timeoutMs)).data);
  }

  private sendRequest(service: ServiceName, request: BusRequest, timeoutMs: number): Promise<Msg> {
    const [context, carried] = splitRequestId(request.context);
    const body =
      carried === undefined ? request : { method: request.method, params: request.params, context };
    return this.send(service, rpcSubject(this.prefix, service), encodeJson(body), timeoutMs, carried);
  }

  override requestEach(
    service: ServiceName,
    calls: readonly BusCall[],
    context: CallContext,
    timeoutMs: number,
  ): Promise<unknown>[] {
    if (calls.length < 2) return super.requestEach(service, calls, context, timeoutMs);
    const replies = new Array<BusReply | undefined>(calls.length);
    let received = 0;
    const [bodyContext, carried] = splitRequestId(context);
    const batch: BusBatchRequest = { calls, context: bodyContext };
    const takePart = (message: Msg): boolean => {
      const part = decodeJson<BusBatchReplyPart | BusReply>(message.data);
      if (!('replies' in part)) throw new RemoteRpcError('error' in part ? part.error : INVALID_PART);
      part.replies.forEach((reply, i) => {
        if (replies[part.from + i] === undefined) received++;
        replies[part.from + i] = reply;
      });
      return received >= calls.length;
    };
    const subject = rpcBatchSubject(this.prefix, service);
    const exchange = this.exchange(service, subject, encodeJson(batch), timeoutMs, takePart, carried).then(
      () => replies,
      // No replica takes batches (none is up, or they are of an older release), or the batch is too large
      // for one message: the calls go one by one, as each would alone.
      (error: unknown) =>
        error instanceof NoResponders || error instanceof LimitExceededError
          ? super.requestEach(service, calls, context, timeoutMs)
          : error,
    );
    return calls.map((_, i) =>
      exchange.then((outcome) => {
        if (!Array.isArray(outcome)) throw outcome;
        const reply = outcome[i] as BusReply | Promise<unknown>;
        return reply instanceof Promise ? reply : resultOf(reply);
      }),
    );
  }

  async ping(service: ServiceName, timeoutMs: number): Promise<boolean> {
    try {
      await this.send(service, pingSubject(this.prefix, service), undefined, timeoutMs);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Events go to NATS at once, not at the end of the event loop turn: a query service announces a head
   * (`chain.height`) before the answer that carries it, and that answer is queued by the process's RPC
   * server, whose flush may come first. NATS keeps one connection's messages in order, so a gateway learns
   * the head before the answer, and keeps nothing at an older head after it.
   */
  publish<S extends BusEventSubject>(subject: S, payload: BusEvents[S]): void {
    this.publisher.publishNow(eventSubject(this.prefix, subject), encodeJson(payload));
  }

  subscribe<S extends BusEventSubject>(subject: S, listener: BusEventListener<S>): () => void {
    const subscription = this.connection.subscribe(eventSubject(this.prefix, subject), {
      callback: (error, message) => {
        if (error !== null) return;
        try {
          listener(JSON.parse(Buffer.from(message.data).toString('utf8')) as BusEvents[S]);
        } catch {
          // A malformed event or a failing subscriber must not end the subscription.
        }
      },
    });
    this.eventSubscriptions.add(subscription);
    return () => {
      this.eventSubscriptions.delete(subscription);
      subscription.unsubscribe();
    };
  }

  onModuleDestroy(): void {
    clearInterval(this.heartbeat);
    this.subscription.unsubscribe();
    for (const subscription of this.eventSubscriptions) subscription.unsubscribe();
    this.eventSubscriptions.clear();
    this.deadlines.close();
    for (const [token, pending] of this.pending) {
      pending.reject(new ResourceUnavailableError('the bus is shutting down'));
      this.pending.delete(token);
    }
  }

  private send(
    service: ServiceName,
    subject: string,
    data: Uint8Array | undefined,
    timeoutMs: number,
    carried?: MsgHdrs,
  ): Promise<Msg> {
    let reply: Msg | undefined;
    return this.exchange(
      service,
      subject,
      data,
      timeoutMs,
      (message) => {
        reply = message;
        return true;
      },
      carried,
    ).then(() => reply!);
  }

  /** Publishes `data` to `subject` and hands every reply to `take` until it says it has all of them. */
  private exchange(
    service: ServiceName,
    subject: string,
    data: Uint8Array | undefined,
    timeoutMs: number,
    take: (message: Msg) => boolean,
    carried?: MsgHdrs,
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (!this.connected) {
        reject(new ResourceUnavailableError(BUS_DOWN));
        return;
      }
      const token = (this.nextToken++).toString(36);
      const deadline = this.deadlines.start(timeoutMs, () => {
        this.pending.delete(token);
        reject(new ResourceUnavailableError('request timed out'));
      });
      const finish = (message: Msg): boolean => {
        if (!take(message)) return false;
        resolve();
        return true;
      };
      const idempotent = IDEMPOTENT_SERVICES.includes(service);
      const sent = idempotent ? carried : sayTaken(carried);
      const send = () => this.publisher.publish(subject, data, `${this.inbox}.${token}`, sent);
      const resend = idempotent ? send : undefined;
      this.pending.set(token, {
        service,
        take: finish,
        reject,
        deadline,
        generation: this.generation,
        resend,
        resent: 0,
        sentAt: Date.now(),
      });
      send();
    });
  }

  private fail(token: string, error: unknown): void {
    const pending = this.pending.get(token);
    if (pending === undefined) return;
    this.pending.delete(token);
    pending.deadline.cancel();
    pending.reject(error);
  }

  private settle(message: Msg): void {
    const token = message.subject.slice(this.inbox.length + 1);
    const pending = this.pending.get(token);
    if (pending === undefined) return;
    // Only an empty message can be NATS's "no responders": a reply always has a body, and reading a
    // message's headers (every reply names its replica) parses them.
    if (message.data.length === 0) {
      if (message.headers?.code === NO_RESPONDERS) {
        this.noteServiceUnavailable();
        this.fail(token, new NoResponders(`service ${pending.service} is unavailable`));
        return;
      }
      const taken = message.headers?.get(TAKEN_HEADER);
      if (taken !== undefined && taken !== '') {
        pending.replica = taken;
        return;
      }
    }
    let done: boolean;
    try {
      done = pending.take(message);
    } catch (error) {
      this.fail(token, error);
      return;
    }
    if (!done) return;
    this.pending.delete(token);
    pending.deadline.cancel();
  }
}

/** Headers asking the replica to say it took the call (shared: a publish only reads them). */
const SAY_TAKEN = headers();
SAY_TAKEN.set(SAY_TAKEN_HEADER, '1');

/** `carried` (made for this request) with SAY_TAKEN_HEADER, or SAY_TAKEN alone. */
function sayTaken(carried: MsgHdrs | undefined): MsgHdrs {
  if (carried === undefined) return SAY_TAKEN;
  carried.set(SAY_TAKEN_HEADER, '1');
  return carried;
}

/** The answer to a call made while the connection to NATS is down. */
const BUS_DOWN = 'the bus is unavailable, try again shortly';

/** What a batch part that is neither replies nor an error is taken for. */
const INVALID_PART = { code: -32603, message: 'invalid batch reply from the bus' };

function mapPublishError(error: unknown): unknown {
  if (!(error instanceof NatsError)) return error;
  if (error.code === String(ErrorCode.MaxPayloadExceeded))
    return new LimitExceededError('request too large for the bus');
  return new ResourceUnavailableError(`bus error: ${error.code}`);
}
