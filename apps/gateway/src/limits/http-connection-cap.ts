// --http-max-connections-per-ip: how many HTTP connections one client address holds open on this
// gateway, so a client trickling bodies (or hoarding idle keep-alives) cannot take every socket of the
// process. A direct client is known by its connection's peer and counted from its first byte; a
// connection from a trusted proxy (--trusted-proxies) is counted against the client its first request
// names (X-Forwarded-For), as the rate limits know clients. Every request on a connection past the cap
// is answered HTTP 429 with a JSON-RPC error and the connection is closed.
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import { TrustedProxies, clientAddressOf, normalizeAddress } from './client-address';
import { ConnectionCap } from './connection-cap';

export class HttpConnectionCap {
  private readonly counts: ConnectionCap;
  private readonly trusted: TrustedProxies;
  /** Connections past the cap: every request on them is refused. */
  private readonly over = new WeakSet<Socket>();
  /** A trusted proxy's connections, counted once their first request names the client. */
  private readonly unnamed = new WeakSet<Socket>();

  /** `max` 0: no cap. */
  constructor(max: number, trustedProxies: readonly string[]) {
    this.counts = new ConnectionCap(max);
    this.trusted = new TrustedProxies(trustedProxies);
  }

  get limit(): number {
    return this.counts.limit;
  }

  /** Counts every connection `server` accepts. */
  watch(server: Server): void {
    if (this.counts.limit === 0) return;
    server.on('connection', (socket: Socket) => {
      const peer = normalizeAddress(socket.remoteAddress ?? '') ?? 'unknown';
      if (this.trusted.trusts(peer)) this.unnamed.add(socket);
      else this.admit(peer, socket);
    });
  }

  /** True when `request` came on a connection past the cap: the caller answers 429 and closes it. */
  refuses(request: IncomingMessage): boolean {
    if (this.counts.limit === 0) return false;
    const socket = request.socket;
    if (this.unnamed.delete(socket)) {
      const address = clientAddressOf(socket.remoteAddress, request.headers['x-forwarded-for'], this.trusted);
      this.admit(address, socket);
    }
    return this.over.has(socket);
  }

  private admit(address: string, socket: Socket): void {
    if (this.counts.admits(address)) this.counts.track(address, socket);
    else this.over.add(socket);
  }
}
