// Which Host headers the listeners answer (geth's --http.vhosts), against DNS rebinding: a page
// whose domain was re-pointed at 127.0.0.1 still sends its own name as Host. IP literals always
// pass (nobody rebinds to them); names pass only when listed; `*` allows every host. A Host whose
// port is not a port (`localhost:abc`) is no Host at all and passes no list but `*`.
import { isIP } from 'node:net';
import { BoundedMemo } from './bounded-memo';

export class HostPolicy {
  private readonly any: boolean;
  private readonly names: ReadonlySet<string>;
  private readonly decided = new BoundedMemo((host: string) => this.decide(host));

  constructor(vhosts: readonly string[]) {
    this.any = vhosts.includes('*');
    this.names = new Set(vhosts.map((name) => name.toLowerCase()));
  }

  /** True when a request with this Host header may be served; a request without one may not. */
  allows(host: string | undefined): boolean {
    if (this.any) return true;
    if (host === undefined || host === '') return false;
    return this.decided.get(host);
  }

  private decide(host: string): boolean {
    if (isIP(host) !== 0) return true;
    const name = hostWithoutPort(host);
    if (name === undefined) return false;
    return isIP(name) !== 0 || this.names.has(name.toLowerCase());
  }
}

/**
 * `example.com:8545` → `example.com`, `[::1]:8545` → `::1`; undefined for a Host that is no
 * `host[:port]` (RFC 9110: the port is digits, here 0–65535, and may be empty), such as `localhost:abc`.
 */
function hostWithoutPort(host: string): string | undefined {
  const match = /^(?:\[([^\]]*)\]|([^:[\]]*))(?::(\d*))?$/.exec(host);
  if (match === null) return undefined;
  const port = match[3];
  if (port !== undefined && port !== '' && (port.length > 5 || Number(port) > 65_535)) return undefined;
  return match[1] ?? match[2];
}
