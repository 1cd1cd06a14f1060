// The Ethereum-format websocket carries every method, batches and notifications, with geth's
// leniency (jsonrpc may be omitted) and the message size limit.
import { connect } from 'node:net';
import WebSocket from 'ws';
import { type TestTier, call, startTestTier } from './in-process-app';

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

function nextMessage(socket: WebSocket): Promise<unknown> {
  return new Promise((resolve) =>
    socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString()))),
  );
}

describe('websocket JSON-RPC', () => {
  let tier: TestTier;
  let socket: WebSocket;
  beforeAll(async () => {
    tier = await startTestTier(['--ws-max-message-bytes', '4096']);
    socket = await open(tier.wsUrl);
  });
  afterAll(async () => {
    socket.close();
    await tier.close();
  });

  async function send(message: unknown): Promise<unknown> {
    const reply = nextMessage(socket);
    socket.send(typeof message === 'string' ? message : JSON.stringify(message));
    return reply;
  }

  it('default: a call over the websocket', async () => {
    expect(await send(call('eth_chainId', [], 5))).toEqual({ jsonrpc: '2.0', id: 5, result: '0x2328' });
  });

  it('default: a batch over the websocket', async () => {
    expect(await send([call('net_version', [], 1), call('eth_chainId', [], 2)])).toEqual([
      { jsonrpc: '2.0', id: 1, result: '9000' },
      { jsonrpc: '2.0', id: 2, result: '0x2328' },
    ]);
  });

  it('args: jsonrpc may be omitted on the websocket', async () => {
    expect(await send({ id: 9, method: 'net_version', params: [] })).toEqual({
      jsonrpc: '2.0',
      id: 9,
      result: '9000',
    });
  });

  it('behavior: a notification gets no message; the next call is answered', async () => {
    socket.send(JSON.stringify({ jsonrpc: '2.0', method: 'eth_chainId', params: [] }));
    expect(await send(call('net_version', [], 'after'))).toEqual({
      jsonrpc: '2.0',
      id: 'after',
      result: '9000',
    });
  });

  it('error: invalid JSON over the websocket is -32700', async () => {
    expect(await send('{oops')).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'parse error' },
    });
  });

  it('error: a message over the limit closes the connection with 1009', async () => {
    const victim = await open(tier.wsUrl);
    const closed = new Promise<number>((resolve) => victim.once('close', (code) => resolve(code)));
    victim.send(JSON.stringify(call('web3_sha3', ['0x' + 'ab'.repeat(4096)])));
    expect(await closed).toBe(1009);
    expect(await send(call('eth_chainId', [], 'still'))).toMatchObject({ id: 'still', result: '0x2328' });
  });

  it('error: plain HTTP on the websocket port gets a JSON-RPC error', async () => {
    const reply = await fetch(tier.wsUrl.replace('ws:', 'http:'));
    expect(reply.status).toBe(426);
    expect(await reply.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
  });
});

describe('websocket keepalive', () => {
  let tier: TestTier;
  beforeAll(async () => (tier = await startTestTier(['--ws-ping-seconds', '1'])));
  afterAll(() => tier.close());

  it('args: --ws-ping-seconds pings every connection; a peer answering pongs stays connected', async () => {
    const socket = await open(tier.wsUrl);
    let pings = 0;
    socket.on('ping', () => pings++);
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (pings >= 2) {
          clearInterval(check);
          resolve();
        }
      }, 50);
    });
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.send(JSON.stringify(call('eth_chainId', [], 'alive')));
    expect(await nextMessage(socket)).toMatchObject({ id: 'alive', result: '0x2328' });
    socket.close();
  });

  it('behavior: a peer that never answers a ping is dropped', async () => {
    const { port } = new URL(tier.wsUrl);
    // A raw TCP client that completes the upgrade and then ignores every frame, pings included.
    const raw = connect(Number(port), '127.0.0.1');
    let upgraded = false;
    raw.on('data', (data: Buffer) => (upgraded ||= data.toString('latin1').startsWith('HTTP/1.1 101')));
    raw.write(
      'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    await new Promise((resolve) => raw.once('close', resolve));
    expect(upgraded).toBe(true);
  });
});
