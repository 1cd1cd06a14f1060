// Finds a TCP port unused on every local IPv4 address, so parallel test workers and bench targets never collide on a
// hard-coded port. Ports come from below the kernel's ephemeral range: a port the kernel picked for a
// `listen(0)` lies in that range, and between the moment it is handed out and the moment its process binds it
// (seconds, for a devnet started on a worker thread) any outgoing connection of any process may take it as
// its local port (EADDRINUSE at start, seen in CI). Below the range only another listener can take it.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Ports handed out by this process. Callers ask for several ports before binding any (an HTTP and a
 * websocket port of one gateway): without this, both could get the same port.
 */
const handedOut = new Set<number>();

/** The lowest port handed out: above the well-known and most registered services' ports. */
const LOWEST = 10_000;
/** Linux's default ephemeral range starts here; /proc says where it starts on this machine. */
const DEFAULT_EPHEMERAL_START = 32_768;

/** A port nothing listens on now and that this process has not handed out before. */
export async function freePort(): Promise<number> {
  const below = ephemeralStart();
  for (;;) {
    const port = LOWEST + Math.floor(Math.random() * (below - LOWEST));
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
}

/** Where the kernel's ephemeral port range starts (net.ipv4.ip_local_port_range), never below LOWEST + 1,000. */
function ephemeralStart(): number {
  try {
    const start = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
    );
    return Number.isInteger(start) && start > LOWEST + 1_000 ? start : DEFAULT_EPHEMERAL_START;
  } catch {
    return DEFAULT_EPHEMERAL_START;
  }
}

/**
 * Whether `port` can be listened on now on every IPv4 address (it is released again at once). Asked of the
 * wildcard address, not loopback: a tier started on 0.0.0.0 needs the port free on every address, and a
 * listener on another address only leaves loopback free (one way a 0.0.0.0 websocket listener met
 * EADDRINUSE in CI; ports handed out by two test workers at once are another, which no check here closes).
 */
export function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ host: '0.0.0.0', port, exclusive: true }, () => {
      server.close(() => resolve(true));
    });
  });
}
