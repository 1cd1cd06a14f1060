// The service side of the NATS transport, as a Nest microservice strategy: queue-group subscriptions per
// service this process serves (single calls, batches of calls, pings), each call run through the handler
// registry. A batch's replies go back in as few messages as the server's largest payload allows. Closing
// drains: no new request is taken, and those in flight are answered before close() resolves.
// The replica says it is alive every HEARTBEAT_MS until then, and says it took a call when the request asks
// (SAY_TAKEN_HEADER: calls that may not run twice), so the caller can fail that call at once if it dies.
import { Logger } from '@nestjs/common';
import { type CustomTransportStrategy, Server } from '@nestjs/microservices';
import { LimitExceededError, logInternalTo, toErrorObject } from '@photon/codec';
import { type ServiceName, TIMEOUT_MS, aboutRequest } from '@photon/types';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import {
  ErrorCode,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  NatsError,
  type Subscription,
  headers,
} from 'nats';
import type { RpcHandlerRegistry } from '../handlers/handler-registry';
import { type BusBatchRequest, type BusReply, decodeJson, decodeRequest, encodeJson } from './bus-wire';
import { splitReplies } from './split-replies';
import { CoalescingPublisher } from './coalescing-publisher';
import { REPLICA_HEADER, pingSubject, queueGroup, rpcBatchSubject, rpcSubject } from './nats-subjects';
import { withRequestId } from '../handlers/call-context';
import { requestIdOf } from './request-id-header';
import {
  HEARTBEAT_MS,
  type Heartbeat,
  SAY_TAKEN_HEADER,
  TAKEN_HEADER,
  heartbeatSubject,
  probeSubject,
} from './replica-liveness';

export interface NatsRpcServerOptions {
  /** Log each call (method and request id) at debug level: off the hot path unless asked for. */
  readonly traceCalls?: boolean;
}

/** The longest a closing server waits for its calls in flight: past the longest bus timeout, no caller waits. */
const DRAIN_BOUND_MS = Math.max(...Object.values(TIMEOUT_MS)) + 2_000;

export class NatsRpcServer extends Server implements CustomTransportStrategy {
  private readonly log = new Logger(NatsRpcServer.name);
  private readonly subscriptions: Subscription[] = [];
  private registry: RpcHandlerRegistry | undefined;
  private readonly publisher: CoalescingPublisher;
  /** Requests taken and not answered yet: close() waits for them. */
  private readonly inFlight = new Set<Promise<void>>();
  /** Names the replica on every reply, so operators and tests can see how load spreads. */
  private readonly replica = `${hostname()}:${process.pid}`;
  /** This server among every other on the bus, in heartbeats and taken-calls (one process may run several). */
  private readonly probeId = randomBytes(6).toString('hex');
  /** Kept until the calls in flight are answered: a draining replica is not dead. */
  private probe: Subscription | undefined;
  private readonly liveName = `${this.replica}:${this.probeId}`;
  private replyHeaders: MsgHdrs | undefined;
  private takenHeaders: MsgHdrs | undefined;
  private heartbeat: NodeJS.Timeout | undefined;

  private readonly traceCalls: boolean;

  constructor(
    private readonly connection: NatsConnection,
    private readonly prefix: string,
    options: NatsRpcServerOptions = {},
  ) {
    super();
    this.traceCalls = options.traceCalls ?? false;
    // A reply NATS refuses (over max_payload) still answers the caller, with an error.
    this.publisher = new CoalescingPublisher(connection, (outgoing, error) => {
      this.log.warn(`reply not sent: ${error instanceof Error ? error.message : String(error)}`);
      if (!(error instanceof NatsError) || error.code !== String(ErrorCode.MaxPayloadExceeded)) return;
      const tooLarge = new LimitExceededError('response too large for the bus').toErrorObject();
      try {
        connection.publish(outgoing.subject, encodeJson({ error: tooLarge }));
      } catch {
        // The caller times out instead; nothing else can be done for it here.
      }
    });
  }

  /** Hands over the registry of the application this strategy serves; call before listen(). */
  attach(registry: RpcHandlerRegistry): void {
    this.registry = registry;
  }

  listen(callback: () => void): void {
    const registry = this.registry;
    if (registry === undefined) throw new Error('NatsRpcServer.listen() before attach()');
    const services = registry.servedServices();
    for (const service of services) this.serve(service, registry);
    // Answered while this process's event loop runs; NATS itself says "no responders" once the connection
    // is gone, which is how a caller tells a dead replica from a silent one (see replica-liveness.ts).
    const probe = probeSubject(this.prefix, this.probeId);
    this.probe = this.connection.subscribe(probe, {
      callback: (error, message) => {
        if (error === null && message.reply !== undefined) this.publisher.publish(message.reply, undefined);
      },
    });
    const beat = encodeJson({ replica: this.liveName, services, probe } satisfies Heartbeat);
    const subject = heartbeatSubject(this.prefix);
    const sendBeat = (): void => {
      try {
        this.connection.publish(subject, beat);
      } catch {
        // A closed connection: close() stops the heartbeat.
      }
    };
    sendBeat();
    this.heartbeat = setInterval(sendBeat, HEARTBEAT_MS);
    this.heartbeat.unref();
    callback();
  }

  private serve(service: ServiceName, registry: RpcHandlerRegistry): void {
    const queue = queueGroup(this.prefix, service);
    this.subscriptions.push(
      this.connection.subscribe(rpcSubject(this.prefix, service), {
        queue,
        callback: (error, msg) => {
          // The handler sees the id the message names in its context: its log lines, and the bus
          // calls it makes in turn, carry that id when it passes it on.
          if (error !== null) return;
          this.sayTaken(msg);
          this.track(this.answer(msg, registry, requestIdOf(msg.headers)));
        },
      }),
      this.connection.subscribe(rpcBatchSubject(this.prefix, service), {
        queue,
        callback: (error, msg) => {
          if (error !== null) return;
          this.sayTaken(msg);
          this.track(this.answerBatch(msg, registry, requestIdOf(msg.headers)));
        },
      }),
      this.connection.subscribe(pingSubject(this.prefix, service), {
        queue,
        callback: (error, msg) => {
          if (error === null) msg.respond();
        },
      }),
    );
  }

  /** Requests (single or batch) taken and not answered yet. */
  get requestsInFlight(): number {
    return this.inFlight.size;
  }

  private track(answering: Promise<void>): void {
    this.inFlight.add(answering);
    const done = () => void this.inFlight.delete(answering);
    answering.then(done, done);
  }

  /** `requestId`: the request the message names (its header, read once by the subscription). */
  private async answer(msg: Msg, registry: RpcHandlerRegistry, requestId: string | undefined): Promise<void> {
    let reply: BusReply;
    try {
      const request = decodeRequest(msg.data);
      reply = await this.run(
        registry,
        request.method,
        request.params,
        withRequestId(request.context, requestId),
      );
    } catch (error) {
      reply = { error: toErrorObject(error, logInternalTo(this.log, requestId)) };
    }
    if (msg.reply !== undefined)
      this.publisher.publish(msg.reply, encodeJson(reply), undefined, this.headers());
  }

  /** The calls of a batch run concurrently, as the gateway would run them one by one. */
  private async answerBatch(
    msg: Msg,
    registry: RpcHandlerRegistry,
    requestId: string | undefined,
  ): Promise<void> {
    if (msg.reply === undefined) return;
    let replies: BusReply[];
    try {
      const batch = decodeJson<BusBatchRequest>(msg.data);
      const context = withRequestId(batch.context, requestId);
      replies = await Promise.all(
        batch.calls.map((call) => this.run(registry, call.method, call.params, context)),
      );
    } catch (error) {
      // A batch that cannot be read has no calls to answer one by one; the caller's calls all fail.
      const failed = toErrorObject(error, logInternalTo(this.log, requestId));
      this.publisher.publish(msg.reply, encodeJson({ error: failed }));
      return;
    }
    const tooLarge = new LimitExceededError('response too large for the bus').toErrorObject();
    for (const part of splitReplies(replies, this.connection.info?.max_payload, tooLarge)) {
      this.publisher.publish(msg.reply, part, undefined, this.headers());
    }
  }

  private async run(
    registry: RpcHandlerRegistry,
    method: string,
    params: unknown,
    context: BusBatchRequest['context'],
  ): Promise<BusReply> {
    if (this.traceCalls) this.log.debug(aboutRequest(`call ${method}`, context.requestId));
    try {
      return { result: (await registry.invoke(method, params, context)) ?? null };
    } catch (error) {
      return { error: toErrorObject(error, logInternalTo(this.log, context.requestId)) };
    }
  }

  /** Tells the caller this replica took the call, when it asked: an empty message naming it, before the answer. */
  private sayTaken(msg: Msg): void {
    if (msg.reply === undefined || msg.headers?.get(SAY_TAKEN_HEADER) !== '1') return;
    if (this.takenHeaders === undefined) {
      this.takenHeaders = headers();
      this.takenHeaders.set(TAKEN_HEADER, this.liveName);
    }
    this.publisher.publish(msg.reply, undefined, undefined, this.takenHeaders);
  }

  /** The same for every reply, so made once (a publish only reads the headers it is given). */
  private headers(): MsgHdrs {
    if (this.replyHeaders === undefined) {
      this.replyHeaders = headers();
      this.replyHeaders.set(REPLICA_HEADER, this.replica);
    }
    return this.replyHeaders;
  }

  /** Stops taking requests (what NATS already delivered is still taken), then answers those in flight. */
  async close(): Promise<void> {
    await Promise.all(this.subscriptions.splice(0).map((subscription) => subscription.drain()));
    let bound: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(this.inFlight),
      new Promise<void>((resolve) => {
        bound = setTimeout(() => {
          this.log.warn(`closing with ${this.inFlight.size} requests still unanswered`);
          resolve();
        }, DRAIN_BOUND_MS);
      }),
    ]);
    clearTimeout(bound);
    this.publisher.flush();
    clearInterval(this.heartbeat);
    this.probe?.unsubscribe();
  }

  on(): never {
    throw new Error('NatsRpcServer has no events to listen to');
  }

  unwrap<T>(): T {
    return this.connection as T;
  }
}
