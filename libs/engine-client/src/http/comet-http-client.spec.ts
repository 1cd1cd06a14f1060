import { EngineResponseError, EngineRpcError } from '../errors';
import { isMissingHeight } from '../comet/rpc-error-kind';
import { DEVNET } from '../testing/devnet-fixture';
import { startReplayEngine, type ReplayEngine } from '../testing/replay-engine';
import { CometHttpClient } from './comet-http-client';

const { scenario } = DEVNET;
const height = BigInt(scenario.height);

describe(CometHttpClient.name, () => {
  let engine: ReplayEngine;
  let comet: CometHttpClient;

  beforeEach(async () => {
    engine = await startReplayEngine(DEVNET.exchanges);
    comet = new CometHttpClient(engine.url);
  });

  afterEach(async () => {
    comet.close();
    await engine.close();
  });

  it('default: status, decoded', async () => {
    const status = await comet.status();
    expect(status.nodeInfo).toMatchObject({
      network: 'photon_9000-1',
      version: scenario.cometVersion,
      txIndex: true,
    });
    expect(status.syncInfo.latestBlockHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(status.syncInfo.latestBlockHeight).toBeGreaterThanOrEqual(height);
    expect(status.syncInfo.catchingUp).toBe(false);
    expect(status.validatorInfo.address).toMatch(/^0x[0-9a-f]{40}$/);
  });

  it('behavior: block and block results of the scenario block', async () => {
    const block = await comet.block(height);
    expect(block.block.header.height).toBe(height);
    expect(block.blockId.hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(block.blockId.partsTotal).toBe(1);
    expect(block.block.txs).toHaveLength(5);
    expect(block.block.header.time.nanos).toBeGreaterThanOrEqual(0);
    const results = await comet.blockResults(height);
    expect(results).toMatchObject({ height, layout: 'finalize-block' });
    expect(results.txsResults).toHaveLength(5);
    expect(results.blockEvents.map((e) => e.type)).toEqual(['block_bloom', 'fee_market']);
    expect(results.appHash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('behavior: an unknown hash is a null block; block_by_hash sends base64', async () => {
    expect(await comet.blockByHash(`0x${'cd'.repeat(32)}`)).toBeNull();
  });

  it('behavior: tx_search, blockchain, consensus params, mempool', async () => {
    const search = await comet.txSearch(`ethereum_tx.ethereumTxHash='${scenario.txs.revert}'`, {
      perPage: 10,
      orderBy: 'asc',
    });
    expect(search.totalCount).toBe(1);
    expect(search.txs[0]).toMatchObject({ height, index: 1 });
    expect(search.txs[0]?.hash).toMatch(/^0x[0-9a-f]{64}$/);
    const chain = await comet.blockchain(height, height);
    expect(chain.blockMetas).toHaveLength(1);
    expect(chain.blockMetas[0]?.blockSize).toBeGreaterThan(0);
    expect(chain.blockMetas[0]?.numTxs).toBe(5);
    expect((await comet.consensusParams(height)).block.maxGas).toBe(30_000_000n);
    const mempool = await comet.unconfirmedTxs(100);
    expect(mempool).toMatchObject({ count: 1, total: 1 });
    expect(mempool.txs[0]?.length).toBe(Number(mempool.totalBytes));
  });

  it('error: a height the node does not have is an EngineRpcError recognised as missing', async () => {
    const failure = comet.block(BigInt(scenario.futureHeight));
    await expect(failure).rejects.toBeInstanceOf(EngineRpcError);
    expect(isMissingHeight(await failure.catch((e: unknown) => e))).toBe(true);
  });

  it('error: an answer missing a field names where', async () => {
    comet.close();
    await engine.close();
    engine = await startReplayEngine([
      {
        method: 'status',
        params: {},
        response: { result: { node_info: { network: 'x', version: '0.38.1' } } },
      },
    ]);
    comet = new CometHttpClient(engine.url);
    await expect(comet.status()).rejects.toEqual(
      new EngineResponseError('status.sync_info', 'expected an object, got undefined'),
    );
  });
});
