// POST / on plain node:http: the hot path of the tier. Fastify's per-request machinery (content
// type parser resources, middie hooks, Nest's router context) cost more than all of JSON-RPC here,
// so this handler reads the body, enforces the limits (size, then the client's rate limit) and answers
// itself; every other request (health, wrong paths and methods) is left to Fastify and Nest.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { type ParsedBody, logInternalTo, toErrorObject } from '@photon/codec';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway-options';
import { ClientIdentity } from '../limits/client-identity';
import type { Client } from '../limits/rate-limiter';
import { type EndpointReply, RpcEndpoint } from '../rpc/rpc-endpoint';
import { Draining } from '@photon/ops';
import { CorsPolicy } from './cors-policy';
import { bodyTooLarge, rpcErrorBody, unsupportedMediaType } from './http-error-bodies';
import { boundSlowRead } from './http-timeouts';
import { REQUEST_ID_HEADER } from './request-id';

/** Content types geth accepts for JSON-RPC. */
const JSON_TYPES = /^application\/(json|json-rpc|jsonrequest)\s*(;|$)/i;

/**
 * An oversized body is read to its end and thrown away before the 413 goes out: a server that
 * answers and closes while the client still uploads resets the connection, and the client (Node's
 * fetch, ethers) sees `fetch failed` instead of the 413. Past this many bytes (or 16 limits, if
 * more) the client is not worth waiting for: it gets the 413 and the connection is cut.
 */
const MIN_DRAIN_BYTES = 128 * 1024 * 1024;

@Injectable()
export class JsonRpcHttpHandler {
  private readonly log = new Logger('http');
  private readonly cors: CorsPolicy;

  constructor(
    private readonly endpoint: RpcEndpoint,
    private readonly identity: ClientIdentity,
    @Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions,
    private readonly draining: Draining,
  ) {
    this.cors = new CorsPolicy(options.corsOrigins);
  }

  /**
   * Serves POST / and its CORS preflight; returns false, having written nothing, for anything Fastify
   * should answer. `requestId` is the response's X-Request-Id (every answer written here carries it) and
   * goes with every call across the bus.
   */
  tryHandle(request: IncomingMessage, response: ServerResponse, requestId: string): boolean {
    const url = request.url ?? '';
    if (url !== '/' && !url.startsWith('/?')) return false;
    if (request.method === 'OPTIONS') {
      response.setHeader(REQUEST_ID_HEADER, requestId);
      if (this.cors.tryPreflight(request, response)) return true;
    }
    if (request.method !== 'POST') return false;
    if (!JSON_TYPES.test(request.headers['content-type'] ?? '')) {
      this.refuse(request, response, 415, rpcErrorBody(unsupportedMediaType()), requestId);
      return true;
    }
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > this.options.maxBodyBytes) {
      this.drainThenRefuse(request, response, 0, requestId);
      return true;
    }
    const identified = this.identity.identify(request);
    if (!identified.ok) {
      this.refuse(request, response, 401, rpcErrorBody(identified.error), requestId);
      return true;
    }
    this.readBody(request, response, requestId, identified.client);
    return true;
  }

  private readBody(
    request: IncomingMessage,
    response: ServerResponse,
    requestId: string,
    client: Client,
  ): void {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > this.options.maxBodyBytes) {
        chunks.length = 0;
        request.off('data', onData);
        request.off('end', onEnd);
        this.drainThenRefuse(request, response, size, requestId);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
      this.answer(request, response, text, requestId, client);
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', () => response.destroy());
  }

  /** Discards the rest of an oversized body (up to the drain bound), then answers 413. */
  private drainThenRefuse(
    request: IncomingMessage,
    response: ServerResponse,
    alreadyRead: number,
    requestId: string,
  ): void {
    const body = rpcErrorBody(bodyTooLarge(this.options.maxBodyBytes));
    const bound = Math.max(MIN_DRAIN_BYTES, 16 * this.options.maxBodyBytes);
    if (Number(request.headers['content-length'] ?? 0) > bound) {
      this.refuse(request, response, 413, body, requestId);
      return;
    }
    let read = alreadyRead;
    request.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > bound && !response.headersSent) this.refuse(request, response, 413, body, requestId);
    });
    request.on('end', () => {
      if (!response.headersSent) this.refuse(request, response, 413, body, requestId);
    });
  }

  /** Answers `text`: at once when the gateway holds the answer, else once its services have given it. */
  private answer(
    request: IncomingMessage,
    response: ServerResponse,
    text: string,
    requestId: string,
    client: Client,
  ): void {
    const caller = { transport: 'http', remoteAddress: client.address, requestId } as const;
    let body: ParsedBody;
    try {
      body = this.endpoint.parse(text, 'http');
      const now = this.endpoint.replyNow(body, caller, client);
      if (now !== undefined) {
        this.write(request, response, now, requestId);
        return;
      }
    } catch (error) {
      // A defect, not the client's input (parsing never throws): a 500, never a crashed gateway.
      this.fail(response, error, requestId);
      return;
    }
    this.endpoint.replyLater(body, caller, client).then(
      (reply) => this.write(request, response, reply, requestId),
      (error: unknown) => this.fail(response, error, requestId),
    );
  }

  private write(
    request: IncomingMessage,
    response: ServerResponse,
    reply: EndpointReply,
    requestId: string,
  ): void {
    const body = reply.text ?? '';
    const headers: Record<string, string | number> = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      [REQUEST_ID_HEADER]: requestId,
    };
    if (reply.retryAfterSeconds !== undefined) headers['retry-after'] = String(reply.retryAfterSeconds);
    // Asked before draining began, answered during it: the client should not send more on this connection.
    if (this.draining.active) headers['connection'] = 'close';
    this.addCorsHeaders(request, headers);
    response.writeHead(reply.status, headers);
    response.end(body);
    boundSlowRead(response, this.options.httpWriteTimeoutMs);
  }

  /** Answers and closes the connection; what is left of the body is read and dropped. */
  private refuse(
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    body: string,
    requestId: string,
  ): void {
    const headers: Record<string, string | number> = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
      [REQUEST_ID_HEADER]: requestId,
    };
    this.addCorsHeaders(request, headers);
    response.writeHead(status, headers);
    response.end(body);
    request.resume();
  }

  private fail(response: ServerResponse, error: unknown, requestId: string): void {
    const body = rpcErrorBody(toErrorObject(error, logInternalTo(this.log, requestId)));
    if (!response.headersSent)
      response.writeHead(500, { 'content-type': 'application/json', [REQUEST_ID_HEADER]: requestId });
    response.end(body);
  }

  private addCorsHeaders(request: IncomingMessage, headers: Record<string, string | number>): void {
    // Most requests carry no Origin: nothing to add, and no object made for it.
    if (request.headers.origin === undefined) return;
    Object.assign(headers, this.cors.headers(request));
  }
}
