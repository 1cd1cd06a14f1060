import 'reflect-metadata';

export { RpcMethod, RPC_METHOD_METADATA } from './handlers/rpc-method.decorator';
export { RpcHandlerRegistry } from './handlers/handler-registry';
export type { CallObserver, CallOutcome, RpcHandler } from './handlers/handler-registry';
export { INTERNAL_CONTEXT, withRequestId } from './handlers/call-context';
export type { CallContext, Exposure } from './handlers/call-context';
export { MethodBus } from './transports/method-bus';
export type { BusCall, BusRequest } from './transports/method-bus';
export type {
  BusEventListener,
  BusEventSubject,
  BusEvents,
  EngineEventPayload,
} from './transports/bus-events';
export { InProcessBus } from './transports/in-process-bus';
export { NatsMethodBus } from './transports/nats-method-bus';
export { NatsRpcServer } from './transports/nats-rpc-server';
export type { NatsRpcServerOptions } from './transports/nats-rpc-server';
export { connectNats, withoutCredentials } from './transports/nats-connection';
export { CoalescingPublisher } from './transports/coalescing-publisher';
export type { NatsCredentials } from './transports/nats-connection';
export { BusModule } from './bus.module';
export {
  rpcSubject,
  rpcBatchSubject,
  pingSubject,
  eventSubject,
  queueGroup,
  REPLICA_HEADER,
  REQUEST_ID_HEADER,
} from './transports/nats-subjects';
export { AnnouncedHead } from './heads/announced-head';
export { HeadStream } from './streams/head-stream';
export type { HeadEvent, HeadListener } from './streams/head-stream';
export { InProcessHeadStream } from './streams/in-process-head-stream';
export { JetStreamHeadStream } from './streams/jetstream-head-stream';
export type { JetStreamHeadStreamOptions } from './streams/jetstream-head-stream';
export { PendingFeed } from './streams/pending-feed';
export type { PendingPage } from './streams/pending-feed';
export { InProcessPendingFeed } from './streams/in-process-pending-feed';
export { JetStreamPendingFeed } from './streams/jetstream-pending-feed';
export { removePrefixStreams } from './streams/remove-prefix-streams';
