// Asks the kernel for an unused TCP port on 127.0.0.1, so parallel test workers and bench
// targets never collide on a hard-coded port.
import { createServer } from 'node:net';

/** Binds 127.0.0.1:0, reads the port the kernel picked, and releases it. */
export function freePort(): Promise<number> {
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
