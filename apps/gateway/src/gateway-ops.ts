// What the process shares with its gateway for operations: the draining state (the gateway's /readyz
// answers 503 once it is set) and, when the ops listener is on, the metrics it counts calls and bus
// round trips in.
import type { Draining, OpsMetrics } from '@photon/ops';

export interface GatewayOps {
  readonly draining: Draining;
  readonly metrics?: OpsMetrics;
}

export const GATEWAY_OPS = Symbol('GATEWAY_OPS');
