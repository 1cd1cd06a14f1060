// Names the client of an HTTP request or websocket handshake: its address (clientAddressOf) and, with
// --api-keys-file, the grant of its X-Api-Key header. A key the gateway does not know is refused, not
// quietly counted as keyless: a client that mistyped its key should hear so.
import { Inject, Injectable } from '@nestjs/common';
import type { ErrorObject } from '@photon/codec';
import type { IncomingMessage } from 'node:http';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway-options';
import { BoundedMemo } from '../listeners/bounded-memo';
import { ApiKeys } from './api-keys';
import { TrustedProxies, clientAddressOf, normalizeAddress } from './client-address';
import { unknownApiKey } from './limit-errors';
import type { Client } from './rate-limiter';

export const API_KEYS = Symbol('API_KEYS');

export type Identified =
  { readonly ok: true; readonly client: Client } | { readonly ok: false; readonly error: ErrorObject };

@Injectable()
export class ClientIdentity {
  private readonly trusted: TrustedProxies;
  /** Socket peers are a few addresses (a load balancer, the clients of a node) asked on every request. */
  private readonly peers = new BoundedMemo(normalizeAddress);
  private readonly normalizePeer = (raw: string): string | undefined => this.peers.get(raw);

  constructor(
    @Inject(GATEWAY_OPTIONS) options: Pick<GatewayOptions, 'trustedProxies'>,
    @Inject(API_KEYS) private readonly keys: ApiKeys,
  ) {
    this.trusted = new TrustedProxies(options.trustedProxies);
  }

  /** The client's address alone (connection caps, logs). */
  addressOf(request: IncomingMessage): string {
    return clientAddressOf(
      request.socket.remoteAddress,
      request.headers['x-forwarded-for'],
      this.trusted,
      this.normalizePeer,
    );
  }

  identify(request: IncomingMessage): Identified {
    const address = this.addressOf(request);
    const header = request.headers['x-api-key'];
    if (!this.keys.configured || header === undefined) return { ok: true, client: { address } };
    const key = this.keys.grantOf(Array.isArray(header) ? (header[0] ?? '') : header);
    if (key === undefined) return { ok: false, error: unknownApiKey() };
    return { ok: true, client: { address, key } };
  }
}
