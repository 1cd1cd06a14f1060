// Liveness and readiness for load balancers and Kubernetes probes.
import { Controller, Get, Res } from '@nestjs/common';
import { MethodBus } from '@photon/bus';
import type { FastifyReply } from 'fastify';
import { RpcRouter } from '../rpc/rpc-router';
import { Draining } from '../shutdown/draining';

const PING_TIMEOUT_MS = 1000;

@Controller()
export class HealthController {
  constructor(
    private readonly bus: MethodBus,
    private readonly router: RpcRouter,
    private readonly draining: Draining,
  ) {}

  /** Handler for GET /healthz: the process is alive. */
  @Get('healthz')
  alive(): { status: string } {
    return { status: 'ok' };
  }

  /** Handler for GET /readyz: not draining, and the bus and every service owning an exposed method answer. */
  @Get('readyz')
  async ready(@Res() reply: FastifyReply): Promise<void> {
    if (this.draining.active) {
      await reply.code(503).send({ status: 'draining' });
      return;
    }
    const services = this.router.requiredServices;
    const answers = await Promise.all(services.map((service) => this.bus.ping(service, PING_TIMEOUT_MS)));
    const status = Object.fromEntries(services.map((service, i) => [service, answers[i] === true]));
    const ready = answers.every(Boolean);
    await reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', services: status });
  }
}
