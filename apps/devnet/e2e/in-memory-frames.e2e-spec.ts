// The frames `photon start` passes to its devnet in memory (Devnet.answerPost) get the answer the RPC listener
// writes for the same body, as compact JSON instead of CometBFT's indented text.
import type { Devnet } from '../src/devnet';
import { startLoopbackDevnet } from './loopback-devnet';

jest.setTimeout(60_000);

describe('Devnet.answerPost', () => {
  let devnet: Devnet;

  beforeAll(async () => {
    devnet = await startLoopbackDevnet({ manualBlocks: true });
    await devnet.produceNext();
    await devnet.produceNext();
  });
  afterAll(async () => {
    await devnet?.stop();
  });

  const overHttp = async (body: string): Promise<{ status: number; text: string }> => {
    const response = await fetch(devnet.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    return { status: response.status, text: await response.text() };
  };

  const bodies = {
    single: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'block', params: { height: '1' } }),
    batch: JSON.stringify([
      { jsonrpc: '2.0', id: 1, method: 'blockchain', params: { minHeight: '1', maxHeight: '2' } },
      { jsonrpc: '2.0', id: 2, method: 'block_results', params: { height: '2' } },
      { jsonrpc: '2.0', id: 3, method: 'no_such_method' },
    ]),
    malformed: '{"jsonrpc":',
  };

  it.each(Object.entries(bodies))('default: a %s body gets the listener answer, compact', async (_, body) => {
    const [inMemory, listener] = await Promise.all([devnet.answerPost(body), overHttp(body)]);
    expect(inMemory.status).toBe(listener.status);
    expect(JSON.parse(inMemory.text)).toEqual(JSON.parse(listener.text));
    expect(listener.text).toContain('\n');
    expect(inMemory.text).not.toContain('\n');
  });

  it('edge: a notification alone gets no answer, as over the listener', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', method: 'status' });
    const [inMemory, listener] = await Promise.all([devnet.answerPost(body), overHttp(body)]);
    expect(inMemory).toEqual({ status: 200, text: '' });
    expect(listener).toEqual({ status: 200, text: '' });
  });
});
