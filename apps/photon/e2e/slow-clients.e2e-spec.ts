// Issue 23 item 4: a client trickling its request holds a connection only for --http-read-timeout
// (then HTTP 408 with a JSON-RPC body, and the connection closes), on the JSON-RPC listener and for a
// websocket upgrade; one client address holds at most --http-max-connections-per-ip connections (past
// it: HTTP 429, -32005 naming the limit and its flag) while other clients are served. Both topologies.
import { type PhotonStack, type PhotonStackKind, rpc, startPhotonStack, waitFor } from '@photon/testing';
import { connect, type Socket } from 'node:net';

jest.setTimeout(120_000);

const READ_TIMEOUT_S = 4;
const CAP = 4;
/** Another address of this machine: the "hostile" client, so 127.0.0.1 stays an honest one. */
const HOSTILE = '127.0.0.2';

interface Trickler {
  readonly socket: Socket;
  /** Resolves once the gateway closed the connection: after how long, and the answer's head and body. */
  readonly closed: Promise<{ afterMs: number; answer: string }>;
}

/**
 * Connects from `localAddress` and sends `head` (a request's start), then one more byte (`drip`) every
 * 200 ms, never finishing: the slow client of the issue.
 */
function trickle(url: string, head: string, drip: string, localAddress = HOSTILE): Trickler {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port), localAddress });
  const started = Date.now();
  let answer = '';
  let timer: NodeJS.Timeout | undefined;
  socket.on('connect', () => {
    socket.write(head);
    timer = setInterval(() => socket.writable && socket.write(drip), 200);
  });
  socket.on('data', (data: Buffer) => (answer += data.toString('utf8')));
  socket.on('error', () => undefined);
  const closed = new Promise<{ afterMs: number; answer: string }>((resolve) =>
    socket.once('close', () => {
      clearInterval(timer);
      resolve({ afterMs: Date.now() - started, answer });
    }),
  );
  return { socket, closed };
}

const bodyHead = (url: string): string =>
  `POST / HTTP/1.1\r\nHost: ${new URL(url).host}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n[`;
const upgradeHead = (url: string): string =>
  `GET / HTTP/1.1\r\nHost: ${new URL(url).host}\r\nUpgrade: websocket\r\n`;

/** One whole request from `localAddress` on a fresh connection: the raw answer. */
function rawCall(url: string, localAddress: string): Promise<string> {
  const body = '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}';
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress });
    let answer = '';
    socket.on('connect', () =>
      socket.write(
        `POST / HTTP/1.1\r\nHost: ${new URL(url).host}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
      ),
    );
    socket.on('data', (data: Buffer) => (answer += data.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}

const bodyOf = (answer: string): unknown => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe.each<PhotonStackKind>(['in-process', 'cluster'])('slow clients (%s)', (kind) => {
  let stack: PhotonStack;
  beforeAll(
    async () =>
      (stack = await startPhotonStack(kind, {
        // A loaded machine may take a while to boot a cluster's processes.
        readyTimeoutMs: 60_000,
        extraArgs: [
          '--http-read-timeout',
          `${READ_TIMEOUT_S}s`,
          '--http-max-connections-per-ip',
          String(CAP),
        ],
      })),
  );
  afterAll(() => stack?.stop());

  it('behavior: at the cap, one address gets 429 -32005 for more connections; others are served; tricklers close after the read timeout', async () => {
    const held = Array.from({ length: CAP }, () => trickle(stack.httpUrl, bodyHead(stack.httpUrl), ' '));
    let open = CAP;
    for (const { closed } of held) void closed.then(() => open--);
    await Promise.all(held.map(({ socket }) => new Promise((resolve) => socket.once('connect', resolve))));

    const refused = await rawCall(stack.httpUrl, HOSTILE);
    expect(refused).toMatch(/^HTTP\/1\.1 429 /);
    expect(refused).toMatch(/\r\nconnection: close\r\n/i);
    expect(bodyOf(refused)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32005,
        message: `too many HTTP connections from this address (the limit is ${CAP}, --http-max-connections-per-ip)`,
        data: { limit: CAP },
      },
    });
    // Honest clients on another address are answered meanwhile, over and over.
    for (let i = 0; i < 20; i++) {
      expect((await rpc(stack.httpUrl, 'eth_chainId', [], i)).result).toBe('0x2328');
    }
    // The refusals and answers above came while the held connections were all still open.
    expect(open).toBe(CAP);

    const closes = await Promise.all(held.map(({ closed }) => closed));
    for (const { afterMs, answer } of closes) {
      expect(afterMs).toBeGreaterThanOrEqual(READ_TIMEOUT_S * 1000 - 100);
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(bodyOf(answer)).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32005,
          message: `request not received in time: the limit is ${READ_TIMEOUT_S} s (--http-read-timeout)`,
          data: { limit: READ_TIMEOUT_S },
        },
      });
    }
    // Their places are free again: the same address is served.
    await waitFor(async () => /^HTTP\/1\.1 200 /.test(await rawCall(stack.httpUrl, HOSTILE)), {
      what: 'the hostile address served again once its connections closed',
      timeoutMs: 10_000,
    });
  });

  it('behavior: a websocket upgrade trickling its headers is closed after the read timeout with 408', async () => {
    // A header name that never ends.
    const { closed } = trickle(stack.wsUrl, upgradeHead(stack.wsUrl), 'a', '127.0.0.1');
    const { afterMs, answer } = await closed;
    expect(afterMs).toBeGreaterThanOrEqual(READ_TIMEOUT_S * 1000 - 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(answer)).toMatchObject({ error: { code: -32005 } });
  });

  it('behavior: a connection that sends nothing is closed after the read timeout too', async () => {
    const { hostname, port } = new URL(stack.httpUrl);
    const socket = connect({ host: hostname, port: Number(port), localAddress: HOSTILE });
    socket.on('error', () => undefined);
    // Reading, so the gateway's close reaches this side.
    socket.resume();
    const started = Date.now();
    await new Promise((resolve) => socket.once('close', resolve));
    expect(Date.now() - started).toBeGreaterThanOrEqual(READ_TIMEOUT_S * 1000 - 100);
  });
});
