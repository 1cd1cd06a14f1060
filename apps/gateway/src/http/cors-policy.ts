// --cors-origins for the plain-HTTP endpoints (JSON-RPC's POST / and the faucet): which browser origin
// may read an answer, and the preflight a cross-origin JSON POST needs first.
import type { IncomingMessage, ServerResponse } from 'node:http';

export class CorsPolicy {
  private readonly anyOrigin: boolean;

  constructor(private readonly origins: readonly string[]) {
    this.anyOrigin = origins.includes('*');
  }

  /** The Access-Control-Allow-Origin value for this request, or undefined when its origin is not allowed. */
  allowedOrigin(request: IncomingMessage): string | undefined {
    const origin = request.headers.origin;
    if (origin === undefined || this.origins.length === 0) return undefined;
    if (this.anyOrigin) return '*';
    return this.origins.includes(origin) ? origin : undefined;
  }

  headers(request: IncomingMessage): Record<string, string> {
    const origin = this.allowedOrigin(request);
    return origin === undefined ? {} : { 'access-control-allow-origin': origin, vary: 'Origin' };
  }

  /** Answers an allowed origin's OPTIONS preflight (204); false when the request is none. */
  tryPreflight(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'OPTIONS' || this.allowedOrigin(request) === undefined) return false;
    response.writeHead(204, {
      ...this.headers(request),
      'access-control-allow-methods': 'POST, OPTIONS',
      'access-control-allow-headers': request.headers['access-control-request-headers'] ?? 'content-type',
      'access-control-max-age': '600',
    });
    response.end();
    return true;
  }
}
