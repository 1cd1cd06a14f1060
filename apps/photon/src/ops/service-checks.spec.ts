// The readiness checks of a cluster service against the machine's real NATS and Redis, and an engine
// stand-in that counts how often it is asked.
import { connectNats } from '@photon/bus';
import { connectRedis } from '@photon/store';
import { freePort, testNatsUrl, testRedisUrl } from '@photon/testing';
import { createServer } from 'node:http';
import { engineCheck } from './engine-check';
import { busCheck, storeCheck } from './service-checks';

describe('service readiness checks', () => {
  it('default: the bus passes while connected and fails once closed', async () => {
    const nats = await connectNats(testNatsUrl(), 'service-checks-spec');
    const check = busCheck(nats);
    expect(await check()).toBe(true);
    await nats.close();
    expect(await check()).toBe(false);
  });

  it('default: the store passes when Redis answers PING', async () => {
    const redis = await connectRedis(new URL(testRedisUrl()), { name: 'service-checks-spec' });
    try {
      expect(await storeCheck(redis)()).toBe(true);
    } finally {
      redis.disconnect();
    }
  });

  it('behavior: the engine is asked `health` at most once a second, however many probes come', async () => {
    const asked: string[] = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        asked.push((JSON.parse(body) as { method: string }).method);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ jsonrpc: '2.0', id: (JSON.parse(body) as { id: unknown }).id, result: {} }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const engine = engineCheck(new URL(`http://127.0.0.1:${port}`));
    try {
      expect(await Promise.all([engine.check(), engine.check(), engine.check()])).toEqual([true, true, true]);
      expect(await engine.check()).toBe(true);
      expect(asked).toEqual(['health']);
    } finally {
      engine.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('error: an engine nobody listens for fails the check', async () => {
    const engine = engineCheck(new URL(`http://127.0.0.1:${await freePort()}`));
    try {
      expect(await engine.check()).toBe(false);
    } finally {
      engine.close();
    }
  });
});
