// Who a request comes from: the TCP peer, unless the peer is a proxy named in --trusted-proxies; then
// the X-Forwarded-For chain is read from the right (each proxy appends the address it saw) and the
// first address that is not itself a trusted proxy is the client. Everything left of it is the
// client's own claim and is never believed. One answer for rate limits, connection caps and the
// per-client filter cap (the gateway passes it on as the call's remoteAddress).
import { BlockList, isIP } from 'node:net';

/** The addresses and CIDR blocks of --trusted-proxies. */
export class TrustedProxies {
  private readonly list = new BlockList();
  readonly none: boolean;

  constructor(blocks: readonly string[]) {
    this.none = blocks.length === 0;
    for (const block of blocks) {
      const [address = '', prefix] = block.split('/');
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) this.list.addAddress(address, family);
      else this.list.addSubnet(address, Number(prefix), family);
    }
  }

  /** True for an address (any form clientAddressOf normalizes) inside a trusted block. */
  trusts(address: string): boolean {
    if (this.none) return false;
    const family = isIP(address);
    if (family === 0) return false;
    return this.list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  }
}

/**
 * The client's address: see the file comment. `peer` is the socket's remote address; `normalizePeer`
 * normalizes it (a memo of normalizeAddress, for the hot path).
 */
export function clientAddressOf(
  peer: string | undefined,
  forwardedFor: string | readonly string[] | undefined,
  trusted: TrustedProxies,
  normalizePeer: (raw: string) => string | undefined = normalizeAddress,
): string {
  let client = normalizePeer(peer ?? '') ?? 'unknown';
  if (forwardedFor === undefined || !trusted.trusts(client)) return client;
  const hops = (typeof forwardedFor === 'string' ? [forwardedFor] : forwardedFor)
    .join(',')
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '');
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalizeAddress(hops[i]!);
    // A hop that is no address was not written by a proxy we trust: the last trusted hop is the client.
    if (hop === undefined) return client;
    client = hop;
    if (!trusted.trusts(hop)) return hop;
  }
  return client;
}

/**
 * An address as one bucket: IPv4-mapped IPv6 (`::ffff:10.0.0.1`, how a dual-stack socket shows IPv4)
 * becomes IPv4, a port (`10.0.0.1:443`, `[::1]:443`) is dropped; undefined when it is no IP address.
 */
export function normalizeAddress(raw: string): string | undefined {
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed !== null) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped !== null) address = mapped[1]!;
  const family = isIP(address);
  if (family === 0) return undefined;
  return family === 6 ? address.toLowerCase() : address;
}
