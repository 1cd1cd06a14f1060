import { Logger } from '@nestjs/common';
import { type Server, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { ApiKeys } from '../limits/api-keys';
import { ClientIdentity } from '../limits/client-identity';
import { WsConnectionCap } from '../limits/ws-connection-cap';
import { HostPolicy } from '../listeners/host-policy';
import { OriginPolicy } from '../listeners/origin-policy';
import { type WebSocketListener, listenWebSocket } from '../ws/listen-websocket';
import { Draining } from '@photon/ops';
import { GatewayShutdown, SERVICE_RESTART } from './gateway-shutdown';

const portOf = (server: Server) => (server.address() as AddressInfo).port;

describe(GatewayShutdown.name, () => {
  beforeAll(() => Logger.overrideLogger(false));

  let http: Server;
  let ws: WebSocketListener;
  let draining: Draining;
  let shutdown: GatewayShutdown;
  let httpPort: number;
  let wsPort: number;
  /** Requests the server holds open until the test answers them. */
  const held: (() => void)[] = [];

  beforeEach(async () => {
    http = createServer((_req, res) => held.push(() => res.end('done')));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    ws = await listenWebSocket('127.0.0.1', 0, 1024, {
      hosts: new HostPolicy([]),
      origins: new OriginPolicy([]),
      identity: new ClientIdentity({ trustedProxies: [] }, ApiKeys.NONE),
      connections: new WsConnectionCap(0),
      onRefused: () => undefined,
    });
    draining = new Draining();
    shutdown = new GatewayShutdown(draining);
    shutdown.watch(http, ws);
    httpPort = portOf(http);
    wsPort = portOf(ws.http);
  });
  afterEach(() => {
    held.length = 0;
    http.closeAllConnections();
    ws.http.closeAllConnections();
  });

  const get = () =>
    new Promise<string>((resolve, reject) => {
      request({ port: httpPort, host: '127.0.0.1', path: '/' }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve(body));
        res.on('error', reject);
      })
        .on('error', (error: NodeJS.ErrnoException) => reject(error))
        .end();
    });

  it('default: draining begins at once; a request in flight finishes, then the drain resolves', async () => {
    const answer = get();
    while (held.length === 0) await new Promise((resolve) => setImmediate(resolve));
    const drained = shutdown.drain(10_000);
    expect(draining.active).toBe(true);
    await expect(get()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    held[0]!();
    expect(await answer).toBe('done');
    await drained;
  });

  it('behavior: websocket clients are closed with 1012 and a reason', async () => {
    const client = new WebSocket(`ws://127.0.0.1:${wsPort}/`);
    await new Promise((resolve, reject) => client.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => client.once('close', (code) => resolve(code)));
    await shutdown.drain(10_000);
    expect(await closed).toBe(SERVICE_RESTART);
  });

  it('error: past the grace period a request still in flight is cut and the drain resolves', async () => {
    const answer = get().catch((error: NodeJS.ErrnoException) => error.code);
    while (held.length === 0) await new Promise((resolve) => setImmediate(resolve));
    await shutdown.drain(100);
    expect(await answer).toBe('ECONNRESET');
  });

  it('behavior: a second drain is the first one', () => {
    expect(shutdown.drain(100)).toBe(shutdown.drain(100));
  });
});
