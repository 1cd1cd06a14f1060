// Which browser pages may open the websockets (geth's --ws.origins): a handshake without an Origin
// header is no browser's and passes; a browser's origin passes only when listed. The default list
// is this machine under its loopback and host names, any port, so a page on another site cannot
// drive a local node from a visitor's browser. `*` allows every origin.
import { hostname } from 'node:os';

interface AllowedOrigin {
  readonly scheme: string | undefined;
  readonly host: string;
  readonly port: string | undefined;
}

export class OriginPolicy {
  private readonly any: boolean;
  private readonly allowed: readonly AllowedOrigin[];

  constructor(origins: readonly string[], machineName: string = hostname()) {
    this.any = origins.includes('*');
    const list =
      origins.length > 0 ? origins : ['http://localhost', 'http://127.0.0.1', `http://${machineName}`];
    this.allowed = list.map(parseAllowed);
  }

  /** True when a handshake with this Origin header (or none) may open a websocket. */
  allows(origin: string | undefined): boolean {
    if (origin === undefined || this.any) return true;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    const scheme = url.protocol.slice(0, -1).toLowerCase();
    const host = url.hostname.toLowerCase();
    return this.allowed.some(
      (entry) =>
        entry.host === host &&
        (entry.scheme === undefined || entry.scheme === scheme) &&
        (entry.port === undefined || entry.port === url.port),
    );
  }
}

/** `http://host[:port]` or a bare `host[:port]` (any scheme); a missing port matches any port. */
function parseAllowed(entry: string): AllowedOrigin {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(entry);
  const url = new URL(withScheme ? entry : `http://${entry}`);
  return {
    scheme: withScheme ? url.protocol.slice(0, -1).toLowerCase() : undefined,
    host: url.hostname.toLowerCase(),
    port: url.port === '' ? undefined : url.port,
  };
}
