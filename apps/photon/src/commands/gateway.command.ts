// `photon gateway`: the HTTP and websocket listeners alone, routing every call over NATS.
import { Module } from '@nestjs/common';
import { BusModule } from '@photon/bus';
import type { GatewayConfig } from '@photon/config';
import { GatewayModule, bootstrapGateway } from '@photon/gateway';
import { gatewayOptionsOf } from '../gateway-options-of';
import { openNats } from '../cluster-connections';
import { PhotonLogger } from '../photon-logger';
import { closeOnSignal } from '../running-process';

@Module({})
class PhotonGatewayModule {}

export async function gatewayCommand(config: GatewayConfig): Promise<void> {
  const nats = await openNats(config, 'photon-gateway');
  const gateway = gatewayOptionsOf(config);
  try {
    const app = await bootstrapGateway(
      {
        module: PhotonGatewayModule,
        imports: [BusModule.overNats(nats, config.busPrefix), GatewayModule.register(gateway)],
      },
      gateway,
      new PhotonLogger(config.logLevel, config.quiet),
    );
    const { host, port } = config.laddr;
    process.stdout.write(`photon gateway: http://${host}:${port} ws://${host}:${config.wsport} via NATS\n`);
    closeOnSignal([() => app.close(), () => nats.drain()]);
  } catch (error) {
    await nats.close();
    throw error;
  }
}
