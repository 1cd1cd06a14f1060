// Which browser pages may open the websockets (geth's --ws.origins): a handshake without an Origin
// header is no browser's and passes; a browser's origin passes only when listed. The default list
// is this machine under its loopback and host names, any port, so a page on another site cannot
// drive a local node from a visitor's browser. `*` allows every origin. Origins are compared as
// written (geth's rule), so `http://127.1` is not `http://127.0.0.1`.
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
    const parts = ORIGIN.exec(origin.toLowerCase());
    if (parts === null) return false;
    const [, scheme, host, port = ''] = parts;
    return this.allowed.some(
      (entry) =>
        entry.host === host &&
        (entry.scheme === undefined || entry.scheme === scheme) &&
        (entry.port === undefined || entry.port === port),
    );
  }
}

/**
 * An Origin as browsers serialize it, `scheme://host[:port]`, read as written: unlike a URL parser
 * it does not rewrite `127.1` or `0x7f.1` into `127.0.0.1`, so only the spelling listed passes (geth
 * compares the same way). A browser always sends its origin's host in that canonical form.
 */
const ORIGIN = /^([a-z][a-z0-9+.-]*):\/\/(\[[0-9a-f:.]+\]|[^/?#@:[\]]+)(?::(\d{1,5}))?$/;

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
