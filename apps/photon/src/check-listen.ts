// Tries a listen address before anything is started for nothing: `photon start` checks its HTTP and
// websocket ports before its devnet prints a banner, and a port in use fails in one line, worded as the
// other listeners' (`cannot listen on …`).
import { createServer } from 'node:net';

export async function checkCanListen(scheme: 'http' | 'ws', host: string, port: number): Promise<void> {
  const server = createServer();
  const shown = host.includes(':') ? `[${host}]` : host;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) =>
      reject(new Error(`cannot listen on ${scheme}://${shown}:${port}: ${error.message}`)),
    );
    server.listen({ port, host, exclusive: true }, () => resolve());
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
