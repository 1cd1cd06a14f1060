import { EvmQueryClient } from '../evm/evm-query-client';
import { CometHttpClient } from '../http/comet-http-client';
import { DEVNET, devnetResult } from '../testing/devnet-fixture';
import { startReplayEngine, type ReplayEngine } from '../testing/replay-engine';
import { UNLIMITED_GAS_LIMIT } from './block-inputs';
import { EthereumChainReader } from './ethereum-chain-reader';

const { scenario } = DEVNET;
const height = BigInt(scenario.height);
/** The devnet's coinbase: dev account 0 (the validator's operator). */
const DEV_ACCOUNT_0 = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';

describe(EthereumChainReader.name, () => {
  let engine: ReplayEngine;
  let comet: CometHttpClient;
  const reader = () => new EthereumChainReader(comet, new EvmQueryClient(comet));

  beforeEach(async () => {
    engine = await startReplayEngine(DEVNET.exchanges);
    comet = new CometHttpClient(engine.url);
  });

  afterEach(async () => {
    comet.close();
    await engine.close();
  });

  it('default: a block by number, with what only queries tell (miner, gas limit, size, base fee)', async () => {
    const found = await reader().blockByNumber(height);
    const recorded = devnetResult('block', { height: scenario.height }) as { block_id: { hash: string } };
    const meta = devnetResult('blockchain', { minHeight: scenario.height, maxHeight: scenario.height }) as {
      block_metas: { block_size: string }[];
    };
    expect(found?.block).toMatchObject({
      number: height,
      hash: `0x${recorded.block_id.hash.toLowerCase()}`,
      miner: DEV_ACCOUNT_0,
      gasLimit: 30_000_000n,
      size: BigInt(meta.block_metas[0]?.block_size ?? -1),
    });
    expect(found?.block.baseFeePerGas).toBeGreaterThan(0n);
    expect(found?.block.transactions).toHaveLength(5);
  });

  it('behavior: by hash gives the same block as by number', async () => {
    const byNumber = await reader().blockByNumber(height);
    const byHash = await reader().blockByHash(byNumber?.block.hash ?? '0x');
    expect(byHash).toEqual(byNumber);
    expect(engine.calls).toContain('block_by_hash');
  });

  it('behavior: unknown blocks are null (future height, unknown hash, height 0)', async () => {
    const r = reader();
    expect(await r.blockByNumber(BigInt(scenario.futureHeight))).toBeNull();
    expect(await r.blockByHash(`0x${'cd'.repeat(32)}`)).toBeNull();
    expect(await r.blockByNumber(0n)).toBeNull();
    expect(await r.blockLogs(BigInt(scenario.futureHeight))).toBeNull();
  });

  it('behavior: every scenario tx is found by hash, at the position its block lists it', async () => {
    const r = reader();
    const block = await r.blockByNumber(height);
    for (const hash of Object.values(scenario.txs)) {
      const tx = await r.transactionByHash(hash);
      const receipt = await r.receipt(hash);
      expect(tx?.hash).toBe(hash);
      expect(receipt?.transactionHash).toBe(hash);
      expect(receipt?.transactionIndex).toBe(tx?.position?.transactionIndex);
      expect(receipt?.blockHash).toBe(tx?.position?.blockHash);
      if (tx?.position?.blockNumber === height) {
        const index = tx.position.transactionIndex;
        expect(block?.block.transactions[index]).toEqual(tx);
        expect(await r.transactionByBlockAndIndex(height, index)).toEqual(tx);
        expect(await r.transactionByBlockAndIndex(block?.block.hash ?? '0x', index)).toEqual(tx);
      }
    }
    expect((await r.receipt(scenario.txs.creation))?.contractAddress).toBe(scenario.contract);
    expect((await r.receipt(scenario.txs.revert))?.status).toBe(0);
  });

  it('behavior: unknown txs and indexes are null', async () => {
    const r = reader();
    expect(await r.transactionByHash(`0x${'ab'.repeat(32)}`)).toBeNull();
    expect(await r.receipt(`0x${'ab'.repeat(32)}`)).toBeNull();
    expect(await r.transactionByHash('0x1234')).toBeNull();
    expect(await r.transactionByBlockAndIndex(height, 5)).toBeNull();
  });

  it('behavior: block receipts and logs agree with the receipts by hash', async () => {
    const r = reader();
    const receipts = await r.blockReceipts(height);
    expect(receipts).toHaveLength(5);
    const logs = await reader().blockLogs(height);
    expect(logs).toEqual(receipts?.flatMap((x) => x.logs));
    expect(logs?.map((l) => l.topics[0])).toEqual([scenario.pingTopic, scenario.pingTopic]);
  });

  it('behavior: a bloom test that rules the block out skips reading its block and logs, then the engine', async () => {
    const r = reader();
    const seen: Uint8Array[] = [];
    const ruledOut = await r.blockLogs(height, (bloom) => seen.push(bloom) < 0);
    expect(ruledOut).toEqual([]);
    expect(seen[0]).toHaveLength(256);
    expect(engine.calls).toEqual(['block_results']);
    // The bloom is remembered: ruling the block out again asks the engine nothing.
    expect(await r.blockLogs(height, () => false)).toEqual([]);
    expect(engine.calls).toEqual(['block_results']);
    const kept = await r.blockLogs(height, () => true);
    expect(kept).toEqual(await reader().blockLogs(height));
    expect(kept).toHaveLength(2);
    await r.blockByNumber(height);
    // An assembled block answers from its own logsBloom, with no engine call.
    const calls = engine.calls.length;
    expect(await r.blockLogs(height, () => false)).toEqual([]);
    expect(await r.blockLogs(BigInt(scenario.futureHeight), () => false)).toBeNull();
    expect(engine.calls.slice(calls)).toEqual(['block_results']);
  });

  it('behavior: assembled blocks are cached; concurrent reads of one height fetch it once', async () => {
    const r = reader();
    await Promise.all([r.blockByNumber(height), r.blockByNumber(height), r.blockByNumber(height)]);
    const blockCalls = engine.calls.filter((m) => m === 'block').length;
    expect(blockCalls).toBe(1);
    await r.blockByNumber(height);
    expect(engine.calls.filter((m) => m === 'block')).toHaveLength(1);
    expect(r.cacheStats()).toMatchObject({ size: 1 });
    expect(r.cacheStats().hits).toBeGreaterThanOrEqual(1);
  });

  it('behavior: the proposer account is asked once per proposer', async () => {
    const r = reader();
    await r.blockByNumber(height);
    await r.blockByNumber(BigInt(scenario.creationHeight));
    await r.blockByNumber(1n);
    expect(engine.calls.filter((m) => m === 'abci_query')).toHaveLength(2); // Bech32Prefix + ValidatorAccount
  });

  it('behavior: reading blocks in order asks the consensus params once while the results show no change', async () => {
    const r = reader();
    const inOrder = [await r.blockByNumber(1n), await r.blockByNumber(2n), await r.blockByNumber(3n)];
    expect(engine.calls.filter((m) => m === 'consensus_params')).toHaveLength(1);
    expect(engine.calls.filter((m) => m === 'block_results')).toHaveLength(3);
    // The same blocks as a reader that asked for each block's params.
    const alone = await reader().blockByNumber(3n);
    expect(inOrder[2]?.block.gasLimit).toBe(30_000_000n);
    expect(inOrder[2]).toEqual(alone);
  });

  describe('a block whose results update the consensus params', () => {
    /** Reads blocks 1–3 with block 1's results giving `updates`; the gas limits and the params calls made. */
    async function readWithUpdates(updates: object) {
      const exchanges = DEVNET.exchanges.map((e) =>
        e.method === 'block_results' && e.params['height'] === '1'
          ? {
              ...e,
              response: { result: { ...(e.response.result as object), consensus_param_updates: updates } },
            }
          : e,
      );
      const changing = await startReplayEngine(exchanges);
      const client = new CometHttpClient(changing.url);
      try {
        const r = new EthereumChainReader(client, new EvmQueryClient(client));
        const gasLimits = [];
        for (const h of [1n, 2n, 3n]) gasLimits.push((await r.blockByNumber(h))?.block.gasLimit);
        return { gasLimits, paramsCalls: changing.calls.filter((m) => m === 'consensus_params').length };
      } finally {
        client.close();
        await changing.close();
      }
    }

    it('behavior: block params given (as Cosmos SDK apps give them every block): the next block takes their max_gas', async () => {
      const read = await readWithUpdates({ block: { max_bytes: '22020096', max_gas: '25000000' } });
      expect(read).toEqual({ gasLimits: [30_000_000n, 25_000_000n, 25_000_000n], paramsCalls: 1 });
      const unlimited = await readWithUpdates({ block: { max_bytes: '22020096', max_gas: '-1' } });
      expect(unlimited.gasLimits[1]).toBe(UNLIMITED_GAS_LIMIT);
    });

    it('behavior: other params only: the block params, and so the gas limit, stay', async () => {
      const read = await readWithUpdates({ evidence: { max_age_num_blocks: '100000' } });
      expect(read).toEqual({ gasLimits: [30_000_000n, 30_000_000n, 30_000_000n], paramsCalls: 1 });
    });

    it('behavior: block params without max_gas (a zero left out): the next block asks the engine', async () => {
      const read = await readWithUpdates({ block: { max_bytes: '22020096' } });
      expect(read.paramsCalls).toBe(2);
      expect(read.gasLimits[1]).toBe(30_000_000n);
    });
  });

  it('behavior: a gas limit the engine did not give (unreadable params) is not carried to the next block', async () => {
    const unreadable = DEVNET.exchanges.map((e) =>
      e.method === 'consensus_params' && e.params['height'] === '2'
        ? { ...e, response: { error: { code: -32603, message: 'Internal error', data: 'pruned' } } }
        : e,
    );
    const failing = await startReplayEngine(unreadable);
    const client = new CometHttpClient(failing.url);
    try {
      const r = new EthereumChainReader(client, new EvmQueryClient(client));
      expect((await r.blockByNumber(2n))?.block.gasLimit).toBe(UNLIMITED_GAS_LIMIT);
      expect((await r.blockByNumber(3n))?.block.gasLimit).toBe(30_000_000n);
      expect(failing.calls.filter((m) => m === 'consensus_params')).toHaveLength(2);
    } finally {
      client.close();
      await failing.close();
    }
  });

  it('behavior: pending txs from the mempool, with no position', async () => {
    const r = reader();
    const pending = await r.pendingTransactions();
    expect(pending.map((t) => t.hash)).toEqual([scenario.pending]);
    expect(pending[0]?.position).toBeNull();
    // A pending 1559 tx reports its fee cap as gasPrice.
    expect(pending[0]?.gasPrice).toBe(pending[0]?.maxFeePerGas);
  });

  it('behavior: latest height from status', async () => {
    expect(await reader().latestHeight()).toBeGreaterThanOrEqual(height);
  });
});
