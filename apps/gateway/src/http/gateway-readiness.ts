// The gateway's readiness, one answer for its own /readyz and for the ops listener's: the services that
// gate it (the query service: see RpcRouter.gatingServices) answer a ping on the bus (so the bus is up
// too), and the process is not draining; the report lists every service owning an exposed method. /readyz on the JSON-RPC listener is not rate limited (load balancers poll it from their own
// address), so it must stay cheap whatever the rate: reports share one round of pings a second, unless a
// call found a service with no replica since that round began (then the next report pings again).
import { Inject, Injectable } from '@nestjs/common';
import { MethodBus } from '@photon/bus';
import { type ReadinessReport, readinessStatus } from '@photon/ops';
import { GATEWAY_OPS, type GatewayOps } from '../gateway-ops';
import type { ServiceName } from '@photon/types';
import { RpcRouter } from '../rpc/rpc-router';

const PING_TIMEOUT_MS = 1000;
/** How long a round of pings answers every report (the services' own /readyz ask the engine as rarely). */
const ANSWERS_KEPT_MS = 1000;

@Injectable()
export class GatewayReadiness {
  /** The pings under way, or the last ones for a second: however often /readyz is asked, one round a second. */
  private pinged:
    { readonly answers: Promise<boolean[]>; at: number; readonly unavailableSeen: number } | undefined;

  constructor(
    private readonly bus: MethodBus,
    private readonly router: RpcRouter,
    @Inject(GATEWAY_OPS) private readonly ops: GatewayOps,
  ) {}

  async report(): Promise<ReadinessReport> {
    const services = this.router.requiredServices;
    const answers = await this.ping(services);
    const gating = this.router.gatingServices;
    const status = readinessStatus(
      this.ops.draining.active,
      services.every((service, i) => answers[i] === true || !gating.includes(service)),
    );
    return {
      ready: status === 'ready',
      body: {
        status,
        services: Object.fromEntries(services.map((service, i) => [service, answers[i] === true])),
      },
    };
  }

  private ping(services: readonly ServiceName[]): Promise<boolean[]> {
    const pinged = this.pinged;
    // `at` is set once the round ends: a round under way is always shared.
    if (
      pinged !== undefined &&
      performance.now() - pinged.at < ANSWERS_KEPT_MS &&
      pinged.unavailableSeen === this.bus.unavailableSeen
    ) {
      return pinged.answers;
    }
    const round = {
      answers: Promise.all(services.map((service) => this.bus.ping(service, PING_TIMEOUT_MS))),
      at: Infinity,
      unavailableSeen: this.bus.unavailableSeen,
    };
    this.pinged = round;
    void round.answers.finally(() => (round.at = performance.now()));
    return round.answers;
  }
}
