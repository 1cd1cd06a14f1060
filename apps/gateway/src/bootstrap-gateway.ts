// Starts a Nest application that contains the gateway: Fastify for HTTP, the ws adapter on its
// own port, JSON-RPC error bodies for every HTTP failure. The caller chooses the root module
// (in-process with all services, or the gateway alone over NATS).
import type { DynamicModule, LogLevel, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { GatewayOptions } from './gateway-options';
import { configureHttp } from './http/configure-http';
import { HttpExceptionFilter } from './http/http-exception.filter';
import { listenWebSocket } from './ws/listen-websocket';
import { PhotonWsAdapter } from './ws/photon-ws-adapter';

export async function bootstrapGateway(
  rootModule: Type<unknown> | DynamicModule,
  options: GatewayOptions,
  logLevels: LogLevel[],
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({ bodyLimit: options.maxBodyBytes, trustProxy: false });
  const app = await NestFactory.create<NestFastifyApplication>(rootModule, adapter, {
    bodyParser: false,
    logger: logLevels,
    abortOnError: false,
  });
  configureHttp(app, options.maxBodyBytes, options.corsOrigins);
  app.useGlobalFilters(new HttpExceptionFilter(options.maxBodyBytes));
  try {
    const listener = await listenWebSocket(options.laddr.host, options.wsport, options.wsMaxMessageBytes);
    app.useWebSocketAdapter(new PhotonWsAdapter(app, listener));
    await app.listen(options.laddr.port, options.laddr.host);
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
