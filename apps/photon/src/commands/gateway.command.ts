// `photon gateway`: the HTTP and websocket listeners alone, routing every call over NATS; with
// --ops-laddr, /healthz, /readyz (the same answer as its own) and /metrics on a listener of their own.
import { Module } from '@nestjs/common';
import { BusModule } from '@photon/bus';
import type { GatewayConfig } from '@photon/config';
import { GatewayModule, GatewayReadiness, bootstrapGateway } from '@photon/gateway';
import { gatewayOptionsOf } from '../gateway-options-of';
import { openNats } from '../cluster-connections';
import { watchGateway } from '../ops/app-sources';
import { ProcessOps } from '../ops/process-ops';
import { PhotonLogger } from '../photon-logger';
import { closeOnSignal } from '../running-process';

@Module({})
class PhotonGatewayModule {}

export async function gatewayCommand(config: GatewayConfig): Promise<void> {
  const nats = await openNats(config, 'photon-gateway');
  const gateway = gatewayOptionsOf(config);
  const ops = new ProcessOps(config.opsLaddr);
  try {
    const app = await bootstrapGateway(
      {
        module: PhotonGatewayModule,
        imports: [BusModule.overNats(nats, config.busPrefix), GatewayModule.register(gateway, ops)],
      },
      gateway,
      new PhotonLogger(config.logLevel, config.quiet),
    );
    if (ops.metrics !== undefined) watchGateway(ops.metrics, app);
    const readiness = app.get(GatewayReadiness);
    const closeOps = await ops.serve('gateway', () => readiness.report());
    const { host, port } = config.laddr;
    process.stdout.write(`photon gateway: http://${host}:${port} ws://${host}:${config.wsport} via NATS\n`);
    closeOnSignal([ops.beginDraining, () => app.close(), () => nats.drain(), closeOps]);
  } catch (error) {
    await nats.close();
    throw error;
  }
}
