// Unit tests for spawnProcess and waitForReady using plain `node -e` children (no Photon CLI).
import { createServer, type Server } from 'node:http';

import { freePort } from './free-port';
import { rpc, rpcRaw } from './rpc';
import { spawnProcess } from './spawn-process';
import { waitFor } from './wait-for';
import { waitForReady } from './wait-for-ready';

const node = (script: string) => spawnProcess(process.execPath, ['-e', script]);

describe(spawnProcess.name, () => {
  it('default', async () => {
    const proc = node('console.log("out"); console.error("err"); process.exit(3)');
    await expect(proc.exited).resolves.toBe(3);
    expect(proc.hasExited()).toBe(true);
    expect(proc.output()).toContain('out');
    expect(proc.output()).toContain('err');
  });

  it('behavior: stop sends SIGTERM and resolves once the child exited', async () => {
    const proc = node('setInterval(() => {}, 1000)');
    await proc.stop();
    expect(proc.hasExited()).toBe(true);
    expect(proc.child.signalCode).toBe('SIGTERM');
  });

  it('behavior: stop escalates to SIGKILL when SIGTERM is ignored', async () => {
    const proc = node('process.on("SIGTERM", () => {}); console.log("armed"); setInterval(() => {}, 1000)');
    await waitFor(() => Promise.resolve(proc.output().includes('armed')), { what: 'the SIGTERM handler' });
    await proc.stop();
    expect(proc.child.signalCode).toBe('SIGKILL');
  }, 15_000);

  it('behavior: stop after exit is a no-op', async () => {
    const proc = node('');
    await proc.exited;
    await expect(proc.stop()).resolves.toBeUndefined();
  });
});

describe(waitForReady.name, () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    const port = await freePort();
    server = createServer((req, res) => {
      if (req.method === 'GET') {
        res.writeHead(req.url === '/readyz' ? 200 : 404).end();
        return;
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"jsonrpc":"2.0","id":1,"result":"ok"}');
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('default', async () => {
    await expect(waitForReady(url, { timeoutMs: 2_000 })).resolves.toBeUndefined();
  });

  it('behavior: rpc and rpcRaw return the parsed reply', async () => {
    await expect(rpc(url, 'web3_clientVersion')).resolves.toEqual({ jsonrpc: '2.0', id: 1, result: 'ok' });
    const raw = await rpcRaw(url, '[]');
    expect(raw.status).toBe(200);
    expect(raw.headers['content-type']).toBe('application/json');
    expect(raw.json).toEqual({ jsonrpc: '2.0', id: 1, result: 'ok' });
  });

  it('error: times out naming the url and the last answer', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    await expect(waitForReady(closed, { timeoutMs: 300 })).rejects.toThrow(
      /readyz to return 200\nlast answer: /,
    );
  });

  it('error: fails fast with the output when the process exits first', async () => {
    const proc = node('console.error("boom: bad flag"); process.exit(2)');
    const closed = `http://127.0.0.1:${await freePort()}`;
    const started = Date.now();
    await expect(waitForReady(closed, { timeoutMs: 10_000 }, proc)).rejects.toThrow(
      /exited \(code 2\)[\s\S]*boom: bad flag/,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
