// Who a plain HTTP request comes from, for per-client rules (the faucet's per-IP cooldown). One place,
// so honouring X-Forwarded-For from trusted proxies changes here only.
import type { IncomingMessage } from 'node:http';

/** The client's IP as the socket sees it; IPv4-mapped IPv6 (`::ffff:1.2.3.4`) as plain IPv4. */
export function clientAddressOf(request: IncomingMessage): string {
  const address = request.socket.remoteAddress ?? 'unknown';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice('::ffff:'.length) : address;
}
