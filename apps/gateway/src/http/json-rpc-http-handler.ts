// POST / on plain node:http: the hot path of the tier. Fastify's per-request machinery (content
// type parser resources, middie hooks, Nest's router context) cost more than all of JSON-RPC here,
// so this handler reads the body, enforces the limits (size, then the client's rate limit) and answers
// itself; every other request (health, wrong paths and methods) is left to Fastify and Nest.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { logInternalTo, toErrorObject } from '@photon/codec';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway-options';
import { ClientIdentity } from '../limits/client-identity';
import type { Client } from '../limits/rate-limiter';
import { RpcEndpoint } from '../rpc/rpc-endpoint';
import { Draining } from '@photon/ops';
import { CorsPolicy } from './cors-policy';
import { bodyTooLarge, rpcErrorBody, unsupportedMediaType } from './http-error-bodies';

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
   * Serves POST / and its CORS preflight; returns false for anything Fastify should answer. `requestId`
   * (already the response's X-Request-Id) goes with every call across the bus.
   */
  tryHandle(request: IncomingMessage, response: ServerResponse, requestId: string): boolean {
    const url = request.url ?? '';
    if (url !== '/' && !url.startsWith('/?')) return false;
    if (this.cors.tryPreflight(request, response)) return true;
    if (request.method !== 'POST') return false;
    if (!JSON_TYPES.test(request.headers['content-type'] ?? '')) {
      this.refuse(request, response, 415, rpcErrorBody(unsupportedMediaType()));
      return true;
    }
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > this.options.maxBodyBytes) {
      this.drainThenRefuse(request, response, 0);
      return true;
    }
    const identified = this.identity.identify(request);
    if (!identified.ok) {
      this.refuse(request, response, 401, rpcErrorBody(identified.error));
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
        this.drainThenRefuse(request, response, size);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8');
      this.answer(request, response, text, requestId, client).catch((error: unknown) =>
        this.fail(response, error, requestId),
      );
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', () => response.destroy());
  }

  /** Discards the rest of an oversized body (up to the drain bound), then answers 413. */
  private drainThenRefuse(request: IncomingMessage, response: ServerResponse, alreadyRead: number): void {
    const body = rpcErrorBody(bodyTooLarge(this.options.maxBodyBytes));
    const bound = Math.max(MIN_DRAIN_BYTES, 16 * this.options.maxBodyBytes);
    if (Number(request.headers['content-length'] ?? 0) > bound) {
      this.refuse(request, response, 413, body);
      return;
    }
    let read = alreadyRead;
    request.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read > bound && !response.headersSent) this.refuse(request, response, 413, body);
    });
    request.on('end', () => {
      if (!response.headersSent) this.refuse(request, response, 413, body);
    });
  }

  private async answer(
    request: IncomingMessage,
    response: ServerResponse,
    text: string,
    requestId: string,
    client: Client,
  ): Promise<void> {
    const reply = await this.endpoint.serve(
      text,
      { transport: 'http', remoteAddress: client.address, requestId },
      client,
    );
    const body = reply.text ?? '';
    // Asked before draining began, answered during it: the client should not send more on this connection.
    if (this.draining.active) response.setHeader('connection', 'close');
    response.writeHead(reply.status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      ...(reply.retryAfterSeconds === undefined ? {} : { 'retry-after': String(reply.retryAfterSeconds) }),
      ...this.corsHeaders(request),
    });
    response.end(body);
  }

  /** Answers and closes the connection; what is left of the body is read and dropped. */
  private refuse(request: IncomingMessage, response: ServerResponse, status: number, body: string): void {
    response.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
      ...this.corsHeaders(request),
    });
    response.end(body);
    request.resume();
  }

  private fail(response: ServerResponse, error: unknown, requestId: string): void {
    const body = rpcErrorBody(toErrorObject(error, logInternalTo(this.log, requestId)));
    if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
    response.end(body);
  }

  private corsHeaders(request: IncomingMessage): Record<string, string> {
    return this.cors.headers(request);
  }
}
