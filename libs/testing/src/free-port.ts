// Asks the kernel for an unused TCP port on 127.0.0.1, so parallel test workers and bench
// targets never collide on a hard-coded port.
import { createServer } from 'node:net';

/**
 * Ports handed out by this process. The OS may give the same ephemeral port to two listens in a row once
 * the first is closed, and callers ask for several ports before binding any (an HTTP and a websocket port of
 * one gateway): without this, both could get the same port (EADDRINUSE at start, seen in CI).
 */
const handedOut = new Set<number>();

/** A port nothing listens on now and that this process has not handed out before. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await unusedPort();
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

/** Binds 127.0.0.1:0, reads the port the kernel picked, and releases it. */
function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0, exclusive: true }, () => {
      const address = server.address();
      if (address === null || typeof address === 'string') {
        server.close();
        reject(new Error(`freePort: unexpected server address ${String(address)}`));
        return;
      }
      const { port } = address;
      server.close((err) => (err ? reject(err) : resolve(port)));
    });
  });
}
