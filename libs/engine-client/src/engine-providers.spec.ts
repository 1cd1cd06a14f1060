import { engineProviders } from './engine-providers';
import { EvmQueryClient } from './evm/evm-query-client';
import { StoreProofClient } from './evm/store-proof-client';
import { CometHttpClient } from './http/comet-http-client';
import { EthereumChainReader } from './reader/ethereum-chain-reader';
import { type AcceptedTxRecords, PendingPool } from './reader/pending-pool';
import { DEVNET } from './testing/devnet-fixture';
import { startReplayEngine, type ReplayEngine } from './testing/replay-engine';

const NO_ACCEPTED: AcceptedTxRecords = {
  get: () => Promise.resolve(null),
  forSender: () => Promise.resolve([]),
  list: () => Promise.resolve([]),
  remove: () => Promise.resolve(),
};

type Provider = ReturnType<typeof engineProviders>[number];

/** What a dependency-injection container does with factory providers: each token once, its injects first. */
function resolve(providers: readonly Provider[]): Map<unknown, unknown> {
  const built = new Map<unknown, unknown>();
  for (const provider of providers) {
    const deps = (provider.inject ?? []).map((token) => {
      if (!built.has(token))
        throw new Error(`${provider.provide.name} injects ${token.name} before it is built`);
      return built.get(token);
    });
    built.set(provider.provide, (provider.useFactory as (...args: unknown[]) => unknown)(...deps));
  }
  return built;
}

describe(engineProviders.name, () => {
  let engine: ReplayEngine;

  beforeEach(async () => {
    engine = await startReplayEngine(DEVNET.exchanges);
  });

  afterEach(async () => {
    await engine.close();
  });

  it('default: one of each client, each built from the ones it injects', () => {
    const providers = engineProviders({ engineUrl: engine.url, timeoutMs: 1_000, accepted: NO_ACCEPTED });
    expect(providers.map((p) => p.provide)).toEqual([
      CometHttpClient,
      EvmQueryClient,
      StoreProofClient,
      EthereumChainReader,
      PendingPool,
    ]);
    const built = resolve(providers);
    expect(built.get(CometHttpClient)).toBeInstanceOf(CometHttpClient);
    expect(built.get(EvmQueryClient)).toBeInstanceOf(EvmQueryClient);
    expect(built.get(EthereumChainReader)).toBeInstanceOf(EthereumChainReader);
    expect(built.get(PendingPool)).toBeInstanceOf(PendingPool);
    (built.get(CometHttpClient) as CometHttpClient).close();
  });

  it('behavior: the clients reach the engine at the URL given', async () => {
    const built = resolve(
      engineProviders({ engineUrl: engine.url, timeoutMs: 1_000, accepted: NO_ACCEPTED }),
    );
    const reader = built.get(EthereumChainReader) as EthereumChainReader;
    try {
      const found = await reader.blockByNumber(BigInt(DEVNET.scenario.height));
      expect(found?.block.number).toBe(BigInt(DEVNET.scenario.height));
    } finally {
      (built.get(CometHttpClient) as CometHttpClient).close();
    }
  });
});
