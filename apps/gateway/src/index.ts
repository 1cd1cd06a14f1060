import 'reflect-metadata';

export { GatewayModule } from './gateway.module';
export { bootstrapGateway } from './bootstrap-gateway';
export type { GatewayOptions } from './gateway-options';
export { SubscriptionHub, type SubscriptionStats } from './subscriptions/subscription-hub';
