// The Ethereum-format websocket carries every method, batches and notifications, with geth's
// leniency (jsonrpc may be omitted) and the message size limit.
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
