// The JSON-RPC helper's deadline: a call to a server that never answers gives up with fetch's TimeoutError
// (tests that poll across a killed replica tell a lost call from a failed one by it).
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { rpc } from './rpc';

async function serve(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const urlOf = (server: Server): string => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

describe(rpc.name, () => {
  it('error: a call unanswered past timeoutMs rejects with TimeoutError', async () => {
    const server = await serve(() => undefined);
    try {
      await expect(rpc(urlOf(server), 'eth_blockNumber', [], 1, { timeoutMs: 200 })).rejects.toMatchObject({
        name: 'TimeoutError',
      });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('default: an answer within timeoutMs is returned as sent', async () => {
    const server = await serve((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x2a' }));
    });
    try {
      expect(await rpc(urlOf(server), 'eth_blockNumber', [], 1, { timeoutMs: 5_000 })).toEqual({
        jsonrpc: '2.0',
        id: 1,
        result: '0x2a',
      });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
