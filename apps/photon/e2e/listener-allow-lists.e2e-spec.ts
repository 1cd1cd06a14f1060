// Who may talk to the listeners (issue 10, items 1 and 2), over a real `photon start`: browser
// origins on the websocket (--ws-origins) and Host names on every HTTP request and websocket
// upgrade (--http-vhosts, against DNS rebinding), each refused with HTTP 403 and a JSON-RPC error.
import { type InProcessStack, startPhotonStack, waitFor } from '@photon/testing';
import { request } from 'node:http';
import { hostname } from 'node:os';
import WebSocket from 'ws';

jest.setTimeout(60_000);

interface Answer {
  readonly status: number;
  readonly body: string;
}

/** One raw HTTP request with the given Host header (fetch would not let a test set it). */
function withHost(url: string, host: string, method: 'GET' | 'POST', path = '/'): Promise<Answer> {
  const { port } = new URL(url);
  const payload =
    method === 'POST' ? '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' : undefined;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method, headers: { host, 'content-type': 'application/json' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Opens a websocket with the given headers: `open`, or the status the handshake was refused with. */
function handshake(url: string, headers: Record<string, string>): Promise<'open' | number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => {
      socket.close();
      resolve('open');
    });
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
    });
    socket.once('error', (error) => {
      if (socket.readyState !== WebSocket.CLOSED) reject(error);
    });
  });
}

const INVALID_HOST = { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'invalid host specified' } };

describe('listener allow-lists (defaults)', () => {
  let stack: InProcessStack;
  beforeAll(
    async () => (stack = await startPhotonStack('in-process', { extraArgs: ['--log-level', 'warn'] })),
  );
  afterAll(() => stack?.stop());

  it('default: the websocket opens without an Origin and for this machine; another site is refused with 403', async () => {
    expect(await handshake(stack.wsUrl, {})).toBe('open');
    expect(await handshake(stack.wsUrl, { origin: 'http://localhost:3000' })).toBe('open');
    expect(await handshake(stack.wsUrl, { origin: 'http://127.0.0.1:8080' })).toBe('open');
    expect(await handshake(stack.wsUrl, { origin: `http://${hostname()}:1234` })).toBe('open');
    expect(await handshake(stack.wsUrl, { origin: 'https://evil.example' })).toBe(403);
    // The log line is written as the handshake is refused; the child's output may arrive a moment later.
    await waitFor(
      () =>
        Promise.resolve(
          stack.processes.single
            .output()
            .includes('websocket handshake refused: origin "https://evil.example"'),
        ),
      { what: 'the log line naming the refused origin', timeoutMs: 5_000 },
    );
  });

  it('default: localhost and IP literals are served; another Host gets 403 invalid host specified', async () => {
    const { port } = new URL(stack.httpUrl);
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect((await withHost(stack.httpUrl, host, 'POST')).status).toBe(200);
    }
    for (const [method, path] of [
      ['POST', '/'],
      ['GET', '/healthz'],
    ] as const) {
      const refused = await withHost(stack.httpUrl, `evil.example:${port}`, method, path);
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.body)).toEqual(INVALID_HOST);
    }
    expect(await handshake(stack.wsUrl, { host: 'evil.example' })).toBe(403);
  });

  it('error: a Host whose port is not a port (issue 23) gets 403 invalid host specified, on HTTP and the upgrade', async () => {
    for (const host of ['localhost:abc', '127.0.0.1:abc', 'localhost:99999']) {
      for (const [method, path] of [
        ['POST', '/'],
        ['GET', '/readyz'],
      ] as const) {
        const refused = await withHost(stack.httpUrl, host, method, path);
        expect([host, refused.status, JSON.parse(refused.body)]).toEqual([host, 403, INVALID_HOST]);
      }
      expect([host, await handshake(stack.wsUrl, { host })]).toEqual([host, 403]);
    }
  });

  it('error: another spelling of a listed origin (http://127.1, issue 23) is refused; the listed one opens', async () => {
    for (const origin of [
      'http://127.1',
      'http://0x7f000001:8080',
      'http://2130706433',
      'http://localhost.',
    ]) {
      expect([origin, await handshake(stack.wsUrl, { origin })]).toEqual([origin, 403]);
    }
    expect(await handshake(stack.wsUrl, { origin: 'http://127.0.0.1' })).toBe('open');
  });
});

describe('listener allow-lists (flags)', () => {
  let stack: InProcessStack;
  beforeAll(
    async () =>
      (stack = await startPhotonStack('in-process', {
        extraArgs: [
          '--ws-origins',
          'https://app.example',
          '--http-vhosts',
          'rpc.example',
          '--log-level',
          'warn',
        ],
      })),
  );
  afterAll(() => stack?.stop());

  it('args: --ws-origins lists exactly the origins allowed', async () => {
    expect(await handshake(stack.wsUrl, { origin: 'https://app.example' })).toBe('open');
    expect(await handshake(stack.wsUrl, { origin: 'http://localhost' })).toBe(403);
  });

  it('args: --http-vhosts lists exactly the names served (IP literals still are)', async () => {
    expect((await withHost(stack.httpUrl, 'rpc.example', 'POST')).status).toBe(200);
    expect((await withHost(stack.httpUrl, 'localhost', 'POST')).status).toBe(403);
    expect((await withHost(stack.httpUrl, '127.0.0.1', 'POST')).status).toBe(200);
  });
});

describe('listener allow-lists (*)', () => {
  it('args: * allows every origin and every host', async () => {
    const stack = await startPhotonStack('in-process', {
      extraArgs: ['--ws-origins', '*', '--http-vhosts', '*', '--log-level', 'warn'],
    });
    try {
      expect(await handshake(stack.wsUrl, { origin: 'https://evil.example', host: 'evil.example' })).toBe(
        'open',
      );
      expect((await withHost(stack.httpUrl, 'evil.example', 'POST')).status).toBe(200);
    } finally {
      await stack.stop();
    }
  });
});
