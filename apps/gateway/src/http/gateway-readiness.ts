// The gateway's readiness, one answer for its own /readyz and for the ops listener's: every service
// owning an exposed method answers a ping on the bus (so the bus is up too), and the process is not
// draining.
import { Inject, Injectable } from '@nestjs/common';
import { MethodBus } from '@photon/bus';
import { type ReadinessReport, readinessStatus } from '@photon/ops';
import { GATEWAY_OPS, type GatewayOps } from '../gateway-ops';
import { RpcRouter } from '../rpc/rpc-router';

const PING_TIMEOUT_MS = 1000;

@Injectable()
export class GatewayReadiness {
  constructor(
    private readonly bus: MethodBus,
    private readonly router: RpcRouter,
    @Inject(GATEWAY_OPS) private readonly ops: GatewayOps,
  ) {}

  async report(): Promise<ReadinessReport> {
    const services = this.router.requiredServices;
    const answers = await Promise.all(services.map((service) => this.bus.ping(service, PING_TIMEOUT_MS)));
    const status = readinessStatus(this.ops.draining.active, answers.every(Boolean));
    return {
      ready: status === 'ready',
      body: {
        status,
        services: Object.fromEntries(services.map((service, i) => [service, answers[i] === true])),
      },
    };
  }
}
