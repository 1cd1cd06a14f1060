// The gateway: HTTP and websocket listeners that route each call over the bus. It executes no method
// itself, except the subscriptions that live on its own sockets (eth_subscribe, and the engine-event
// websocket's `subscribe`, whose engine subscriptions the events leader holds); the head and the few
// answers the method table marks `edge` it gives from what the bus announced (EdgeAnswers). The faucet
// endpoint (--faucet-path) is checked here and sent by the tx service.
import { type DynamicModule, Module } from '@nestjs/common';
import type { RateLimitCounter } from '@photon/store';
import { EngineEventHub } from './engine-events/engine-event-hub';
import { EngineEventSocket } from './engine-events/engine-event-socket';
import { Draining } from '@photon/ops';
import { GATEWAY_OPS, type GatewayOps } from './gateway-ops';
import { FaucetHttpHandler } from './faucet/faucet-http-handler';
import { GATEWAY_OPTIONS, type GatewayOptions } from './gateway-options';
import { GatewayReadiness } from './http/gateway-readiness';
import { HealthController } from './http/health.controller';
import type { ApiKeys } from './limits/api-keys';
import { API_KEYS, ClientIdentity } from './limits/client-identity';
import { RATE_LIMIT_COUNTER, RateLimiter } from './limits/rate-limiter';
import { JsonRpcHttpHandler } from './http/json-rpc-http-handler';
import { EdgeAnswers } from './rpc/edge-answers';
import { RpcEndpoint } from './rpc/rpc-endpoint';
import { RpcRouter } from './rpc/rpc-router';
import { SubscriptionHub } from './subscriptions/subscription-hub';
import { JsonRpcWsGateway } from './ws/json-rpc.gateway';
import { GatewayShutdown } from './shutdown/gateway-shutdown';

/** Per-client protection: where rate limits are counted, and the keys of --api-keys-file. */
export interface GatewayLimits {
  readonly counter: RateLimitCounter;
  readonly apiKeys: ApiKeys;
}

@Module({})
export class GatewayModule {
  /** `ops`: the process's draining state and, with the ops listener on, its metrics. */
  static register(
    options: GatewayOptions,
    limits: GatewayLimits,
    ops: GatewayOps = { draining: new Draining() },
  ): DynamicModule {
    return {
      module: GatewayModule,
      controllers: [HealthController],
      providers: [
        { provide: GATEWAY_OPTIONS, useValue: options },
        { provide: GATEWAY_OPS, useValue: ops },
        // The process's one draining state: the gateway's shutdown sets it, every readiness reads it.
        { provide: Draining, useValue: ops.draining },
        GatewayReadiness,
        { provide: RATE_LIMIT_COUNTER, useValue: limits.counter },
        { provide: API_KEYS, useValue: limits.apiKeys },
        ClientIdentity,
        RateLimiter,
        SubscriptionHub,
        EngineEventHub,
        EngineEventSocket,
        EdgeAnswers,
        RpcRouter,
        RpcEndpoint,
        JsonRpcHttpHandler,
        FaucetHttpHandler,
        JsonRpcWsGateway,
        GatewayShutdown,
      ],
    };
  }
}
