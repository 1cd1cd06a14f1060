import 'reflect-metadata';

export { GatewayModule, type GatewayLimits } from './gateway.module';
export { bootstrapGateway } from './bootstrap-gateway';
export type { GatewayOptions } from './gateway-options';
export type { GatewayOps } from './gateway-ops';
export { GatewayReadiness } from './http/gateway-readiness';
export { SubscriptionHub, type SubscriptionStats } from './subscriptions/subscription-hub';
export { EngineEventSocket, type EngineEventSocketStats } from './engine-events/engine-event-socket';
export { ENGINE_EVENTS_PATH } from './ws/listen-websocket';
export { Draining } from '@photon/ops';
export { GatewayShutdown, SERVICE_RESTART } from './shutdown/gateway-shutdown';
export { ApiKeys } from './limits/api-keys';
export { RateLimiter, type RateLimitStats } from './limits/rate-limiter';
export { TrustedProxies, clientAddressOf } from './limits/client-address';
export { EdgeAnswers, type EdgeAnswerStats } from './rpc/edge-answers';
