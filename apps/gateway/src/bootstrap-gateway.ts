// Starts a Nest application that contains the gateway: Fastify for HTTP, the ws adapter on its
// own port, JSON-RPC error bodies for every HTTP failure, an X-Request-Id on every HTTP answer, the
// read, write and idle timeouts and the per-client connection cap on the HTTP listener. The
// caller chooses the root module (in-process with all services, or the gateway alone over NATS) and
// stops it with GatewayShutdown.drain before closing it.
import type { DynamicModule, LoggerService, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { GatewayOptions } from './gateway-options';
import { type RequestListener, createServer } from 'node:http';
import { FaucetHttpHandler } from './faucet/faucet-http-handler';
import { configureHttp } from './http/configure-http';
import { JsonRpcHttpHandler } from './http/json-rpc-http-handler';
import { HttpExceptionFilter } from './http/http-exception.filter';
import { invalidHost, rpcErrorBody } from './http/http-error-bodies';
import { answerClientErrors, readTimeoutOptions } from './http/http-timeouts';
import { HostPolicy } from './listeners/host-policy';
import { OriginPolicy } from './listeners/origin-policy';
import { EngineEventSocket } from './engine-events/engine-event-socket';
import { ClientIdentity } from './limits/client-identity';
import { HttpConnectionCap } from './limits/http-connection-cap';
import { tooManyHttpConnections } from './limits/limit-errors';
import { WsConnectionCap } from './limits/ws-connection-cap';
import { listenWebSocket } from './ws/listen-websocket';
import { PhotonWsAdapter } from './ws/photon-ws-adapter';
import { REQUEST_ID_HEADER, requestIdOf } from './http/request-id';
import { Draining } from '@photon/ops';
import { GatewayShutdown } from './shutdown/gateway-shutdown';

export async function bootstrapGateway(
  rootModule: Type<unknown> | DynamicModule,
  options: GatewayOptions,
  logger: LoggerService,
): Promise<NestFastifyApplication> {
  // POST / is served by JsonRpcHttpHandler ahead of Fastify; it exists once Nest has built it.
  const hotPath: { handler?: JsonRpcHttpHandler; faucet?: FaucetHttpHandler; draining?: Draining } = {};
  // Every HTTP request, POST / and Fastify's alike, passes the Host allow-list first.
  const hosts = new HostPolicy(options.httpVhosts);
  const refusedHost = rpcErrorBody(invalidHost());
  const connections = new HttpConnectionCap(options.httpMaxConnectionsPerIp, options.trustedProxies);
  const tooManyConnections = rpcErrorBody(tooManyHttpConnections(connections.limit));
  const adapter = new FastifyAdapter({
    bodyLimit: options.maxBodyBytes,
    serverFactory: (fastifyHandler: RequestListener) => {
      const server = createServer(readTimeoutOptions(options.httpReadTimeoutMs), (request, response) => {
        const requestId = requestIdOf(request.headers[REQUEST_ID_HEADER]);
        if (connections.refuses(request)) {
          response.writeHead(429, {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(tooManyConnections),
            connection: 'close',
            [REQUEST_ID_HEADER]: requestId,
          });
          response.end(tooManyConnections);
          request.resume();
          return;
        }
        if (!hosts.allows(request.headers.host)) {
          response.writeHead(403, {
            'content-type': 'application/json',
            connection: 'close',
            [REQUEST_ID_HEADER]: requestId,
          });
          response.end(refusedHost);
          request.resume();
          return;
        }
        // POST / puts the X-Request-Id (and, while draining, `connection: close`) in its own writeHead: a
        // header set beforehand sends Node's writeHead down its slower path, copying every header again.
        const faucet = hotPath.faucet?.serves(request) === true;
        if (!faucet && hotPath.handler?.tryHandle(request, response, requestId) === true) return;
        response.setHeader(REQUEST_ID_HEADER, requestId);
        // While draining, a keep-alive client is told not to send more on this connection.
        if (hotPath.draining?.active === true) response.setHeader('connection', 'close');
        if (faucet && hotPath.faucet?.tryHandle(request, response, requestId) === true) return;
        fastifyHandler(request, response);
      });
      server.keepAliveTimeout = options.httpIdleTimeoutMs;
      answerClientErrors(server, options.httpReadTimeoutMs);
      connections.watch(server);
      return server;
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(rootModule, adapter, {
    bodyParser: false,
    logger,
    abortOnError: false,
  });
  hotPath.handler = app.get(JsonRpcHttpHandler);
  hotPath.faucet = app.get(FaucetHttpHandler);
  hotPath.draining = app.get(Draining);
  configureHttp(app, options.maxBodyBytes);
  app.useGlobalFilters(new HttpExceptionFilter(options.maxBodyBytes));
  try {
    const listener = await listenWebSocket(
      options.laddr.host,
      options.wsport,
      options.wsMaxMessageBytes,
      {
        hosts,
        origins: new OriginPolicy(options.wsOrigins),
        identity: app.get(ClientIdentity),
        connections: new WsConnectionCap(options.wsMaxConnectionsPerIp),
        onRefused: (reason) => {
          logger.warn(reason, 'ws');
        },
      },
      // A websocket upgrade is an HTTP request: it must arrive within the read timeout too.
      readTimeoutOptions(options.httpReadTimeoutMs),
    );
    answerClientErrors(listener.http, options.httpReadTimeoutMs);
    app.useWebSocketAdapter(new PhotonWsAdapter(app, listener));
    app.get(EngineEventSocket).serve(listener.engineWss);
    const { host, port } = options.laddr;
    await app.listen(port, host).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      const shown = host.includes(':') ? `[${host}]` : host;
      throw new Error(`cannot listen on http://${shown}:${port}: ${reason}`);
    });
    app.get(GatewayShutdown).watch(app.getHttpServer(), listener);
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
