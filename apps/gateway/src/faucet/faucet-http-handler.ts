// POST {--faucet-path}: the test-network faucet. The gateway only checks the request and asks the tx
// service (photon_faucet, an internal bus method) to send; cooldowns and the send are the tx service's.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { MethodBus } from '@photon/bus';
import { type FaucetRequest, INTERNAL_METHODS, TIMEOUT_MS, aboutRequest } from '@photon/types';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway-options';
import { CorsPolicy } from '../http/cors-policy';
import { ClientIdentity } from '../limits/client-identity';
import {
  type FaucetAnswer,
  bodyTooLarge,
  failedAnswer,
  invalidAddress,
  invalidJson,
  methodNotAllowed,
  unsupportedMediaType,
} from './faucet-answers';

/** `{"address":"0x…"}` needs far less; anything bigger is not a faucet request. */
export const FAUCET_MAX_BODY_BYTES = 4096;
const JSON_TYPE = /^application\/json\s*(;|$)/i;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const FAUCET_ROW = INTERNAL_METHODS.find((row) => row.method === 'photon_faucet')!;

@Injectable()
export class FaucetHttpHandler {
  private readonly log = new Logger('faucet');
  private readonly path: string | null;
  private readonly cors: CorsPolicy;

  constructor(
    private readonly bus: MethodBus,
    private readonly identity: ClientIdentity,
    @Inject(GATEWAY_OPTIONS) options: GatewayOptions,
  ) {
    this.path = options.faucetPath;
    // A faucet page on another origin reads the answer when --cors-origins allows it, as for POST /.
    this.cors = new CorsPolicy(options.corsOrigins);
  }

  /** True when `request` is on the faucet path (and the faucet is on). */
  serves(request: IncomingMessage): boolean {
    return this.path !== null && (request.url ?? '').split('?')[0] === this.path;
  }

  /**
   * Serves every request on the faucet path; false for anything else (or when the faucet is off).
   * `requestId` (the response's X-Request-Id) goes to the tx service and on to the keystore.
   */
  tryHandle(request: IncomingMessage, response: ServerResponse, requestId: string): boolean {
    if (!this.serves(request)) return false;
    if (this.cors.tryPreflight(request, response)) return true;
    if (request.method !== 'POST') this.reply(request, response, methodNotAllowed());
    else if (!JSON_TYPE.test(request.headers['content-type'] ?? ''))
      this.reply(request, response, unsupportedMediaType());
    else if (Number(request.headers['content-length'] ?? 0) > FAUCET_MAX_BODY_BYTES)
      this.reply(request, response, bodyTooLarge(FAUCET_MAX_BODY_BYTES));
    else this.readBody(request, response, requestId);
    return true;
  }

  private readBody(request: IncomingMessage, response: ServerResponse, requestId: string): void {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= FAUCET_MAX_BODY_BYTES) chunks.push(chunk);
      else if (!response.headersSent) this.reply(request, response, bodyTooLarge(FAUCET_MAX_BODY_BYTES));
    });
    request.on('end', () => {
      if (response.headersSent) return;
      const text = Buffer.concat(chunks).toString('utf8');
      void this.answer(request, text, requestId).then((answer) => this.reply(request, response, answer));
    });
    request.on('error', () => response.destroy());
  }

  private async answer(request: IncomingMessage, text: string, requestId: string): Promise<FaucetAnswer> {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return invalidJson();
    }
    const address =
      typeof body === 'object' && body !== null ? (body as { address?: unknown }).address : undefined;
    if (typeof address !== 'string' || !ADDRESS.test(address)) return invalidAddress();
    // The per-IP cooldown's client is the rate limits' client: the peer, or who a trusted proxy names.
    const client = this.identity.addressOf(request);
    const params: FaucetRequest = { address, client };
    this.log.debug(aboutRequest(`faucet request for ${address}`, requestId));
    try {
      const grant = await this.bus.request(
        FAUCET_ROW.service,
        {
          method: FAUCET_ROW.method,
          params: [params],
          context: { transport: 'http', remoteAddress: client, requestId },
        },
        TIMEOUT_MS[FAUCET_ROW.timeout],
      );
      return { status: 200, body: JSON.stringify(grant) };
    } catch (error) {
      return failedAnswer(error, this.log, requestId);
    }
  }

  private reply(request: IncomingMessage, response: ServerResponse, answer: FaucetAnswer): void {
    const failed = answer.status >= 400;
    response.writeHead(answer.status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(answer.body),
      ...answer.headers,
      ...this.cors.headers(request),
      // A refused upload may still be arriving: close rather than read an unknown rest.
      ...(failed && !request.complete ? { connection: 'close' } : {}),
    });
    response.end(answer.body);
    if (!request.complete) request.resume();
  }
}
