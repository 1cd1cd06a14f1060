// Boots the in-process tier inside the jest worker on free ports, for handler and gateway tests.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { START_SCHEMA, loadConfig } from '@photon/config';
import { Devnet, type DevnetOptions } from '@photon/devnet';
import { freePort } from '@photon/testing';
import { createInProcessApp } from '../src/commands/start.command';
import { PhotonLogger } from '../src/photon-logger';

export interface TestTier {
  readonly app: NestFastifyApplication;
  readonly httpUrl: string;
  readonly wsUrl: string;
  /** The devnet the tier reads (started here unless `--node` was given). */
  readonly devnet: Devnet | undefined;
  close(): Promise<void>;
}

/** What a test may set of the devnet beyond the flags: a reproducible chain made block by block. */
export type TestDevnetOptions = Pick<DevnetOptions, 'genesisTimeMs' | 'manualBlocks'>;

/** `listenHost` 0.0.0.0 listens on every interface; the tier is still called on 127.0.0.1. */
export async function startTestTier(
  args: readonly string[] = [],
  listenHost = '127.0.0.1',
  devnetOptions: TestDevnetOptions = {},
): Promise<TestTier> {
  const httpPort = await freePort();
  const wsPort = await freePort();
  const config = loadConfig(
    START_SCHEMA,
    [
      '--laddr',
      `tcp://${listenHost}:${httpPort}`,
      '--wsport',
      String(wsPort),
      '--log-level',
      'error',
      ...args,
    ],
    {},
  );
  const devnet =
    config.node === null
      ? await Devnet.start({
          chainId: config.chainId.cosmos,
          eip155ChainId: config.chainId.eip155,
          host: '127.0.0.1',
          port: 0,
          blockTimeMs: config.blockTimeMs,
          allowUnprotectedTxs: config.allowUnprotectedTxs,
          ...devnetOptions,
        })
      : undefined;
  const engineUrl = devnet === undefined ? config.node : new URL(devnet.rpcUrl);
  if (engineUrl === null) throw new Error('startTestTier: no engine');
  let app: NestFastifyApplication;
  try {
    // As `photon start` with its own devnet: the query service's frames cross in memory.
    const post = devnet === undefined ? undefined : (body: string) => devnet.answerPost(body);
    app = await createInProcessApp(
      config,
      { url: engineUrl, post },
      new PhotonLogger({ service: 'start', ...config }),
    );
  } catch (error) {
    // A tier that fails to start must not leave its devnet holding the jest worker open.
    await devnet?.stop();
    throw error;
  }
  return {
    app,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    wsUrl: `ws://127.0.0.1:${wsPort}`,
    devnet,
    close: async () => {
      await app.close();
      await devnet?.stop();
    },
  };
}

export async function post(url: string, body: unknown, contentType = 'application/json') {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: text === '' ? undefined : JSON.parse(text),
  };
}

export const call = (method: string, params: unknown[] = [], id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
});
