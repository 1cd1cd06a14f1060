// Liveness and readiness for load balancers and Kubernetes probes, on the gateway's own listener.
import { Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { GatewayReadiness } from './gateway-readiness';

@Controller()
export class HealthController {
  constructor(private readonly readiness: GatewayReadiness) {}

  /** Handler for GET /healthz: the process is alive. */
  @Get('healthz')
  alive(): { status: string } {
    return { status: 'ok' };
  }

  /** Handler for GET /readyz: the bus and the query service answer, and no drain began (see GatewayReadiness). */
  @Get('readyz')
  async ready(@Res() reply: FastifyReply): Promise<void> {
    const report = await this.readiness.report();
    await reply.code(report.ready ? 200 : 503).send(report.body);
  }
}
