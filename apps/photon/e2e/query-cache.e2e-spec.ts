// How well the query service's caches answer a realistic read mix through the gateway: a few ethers-like
// dapps polling the head, its block, the receipts of their txs and their token's logs while txs land.
// Runs the tier in this process so the caches' counters can be read; prints them for the notes. Receipts
// once given, blocks read by number and state reads at latest are also kept at the gateway (edge answers):
// an answer kept there never reaches the query service, so those rates count the gateway's hits as hits too.
import { EdgeAnswers, type EdgeAnswerStats } from '@photon/gateway';
import { QueryCacheStats, type QueryCacheSnapshot, hitRate } from '@photon/query';
import { waitFor } from '@photon/testing';
import { Transaction, toQuantity } from 'ethers';
import { type TestTier, startTestTier } from './in-process-app';
import {
  ChainWriter,
  INITIAL_SUPPLY,
  type QueryChain,
  TOKEN_INTERFACE,
  putQueryChain,
  tokenCall,
} from './query-chain';
import { call, callError } from './query-rpc';

jest.setTimeout(120_000);

type CacheStats = QueryCacheSnapshot['blocks'];

const CLIENTS = 5;
const ROUNDS = 8;

/**
 * One poll of an ethers-like dapp: the head and its block (what `provider.on('block')` and getFeeData
 * read), its account's balance and a gas price (Q2's head-cached state reads), the receipt and tx of
 * what it sent (wait()), and its token's logs since its last poll.
 */
async function poll(
  url: string,
  chain: QueryChain,
  watched: readonly string[],
  since: bigint,
): Promise<bigint> {
  const head = BigInt(await call<string>(url, 'eth_blockNumber'));
  await call(url, 'eth_getBlockByNumber', ['latest', false]);
  await call(url, 'eth_getBlockByNumber', [toQuantity(head), false]);
  await call(url, 'eth_getBalance', [chain.accounts[2], 'latest']);
  await call(url, 'eth_gasPrice');
  for (const hash of watched) {
    await call(url, 'eth_getTransactionReceipt', [hash]);
    await call(url, 'eth_getTransactionByHash', [hash]);
  }
  if (head > since) {
    const range = { fromBlock: toQuantity(since + 1n), toBlock: toQuantity(head) };
    await call(url, 'eth_getLogs', [{ ...range, address: chain.token }]);
  }
  return head;
}

describe(QueryCacheStats.name, () => {
  let tier: TestTier;
  let writer: ChainWriter;
  let chain: QueryChain;

  beforeAll(async () => {
    // 1 s blocks: putQueryChain sends each batch right after a block and needs it whole in the next one,
    // which three CheckTx round trips on a loaded machine could miss at 400 ms.
    tier = await startTestTier(['--block-time', '1s']);
    writer = new ChainWriter(tier.devnet?.rpcUrl ?? '');
    chain = await putQueryChain(writer);
  });
  afterAll(async () => {
    await tier?.close();
  });

  it('behavior: polling dapps are answered mostly from the caches', async () => {
    const stats = tier.app.get(QueryCacheStats);
    const edge = tier.app.get(EdgeAnswers);
    const before = stats.snapshot();
    const edgeBefore = {
      final: edge.statsOf('final'),
      block: edge.statsOf('block'),
      headState: edge.statsOf('head-state'),
    };
    const since = Array.from({ length: CLIENTS }, () => chain.later.height);
    const watched: string[] = [];
    // Dapps poll one after another, as independent clients do; so the counts do not hang on timing.
    const pollAll = async (): Promise<void> => {
      for (let client = 0; client < CLIENTS; client++) {
        since[client] = await poll(tier.httpUrl, chain, watched.slice(-2), since[client] ?? 0n);
      }
    };
    for (let round = 0; round < ROUNDS; round++) {
      // Every round one token move is sent and watched by every dapp while pending and once included.
      const raw = await writer.sign(3, tokenCall(chain.token, 'transfer', [chain.accounts[1], 1n]));
      const hash = Transaction.from(raw).hash ?? '';
      expect((await writer.devnet.broadcast(raw)).code).toBe(0);
      watched.push(hash);
      await pollAll();
      await writer.devnet.waitForInclusion(hash);
      await waitFor(async () => (await call(tier.httpUrl, 'eth_getTransactionReceipt', [hash])) !== null, {
        what: `the receipt of ${hash}`,
      });
      await pollAll();
    }
    const delta = difference(before, stats.snapshot());
    const edgeHits = (now: EdgeAnswerStats, then: EdgeAnswerStats): number => now.hits - then.hits;
    const keptAtEdge = {
      receipts: edgeHits(edge.statsOf('final'), edgeBefore.final),
      blocks: edgeHits(edge.statsOf('block'), edgeBefore.block),
      head: edgeHits(edge.statsOf('head-state'), edgeBefore.headState),
    };
    const rates = {
      blocks: hitRate(withHits(delta.blocks, keptAtEdge.blocks)),
      transactions: hitRate(delta.transactions),
      receipts: hitRate(withHits(delta.receipts, keptAtEdge.receipts)),
      head: hitRate(withHits(delta.head, keptAtEdge.head)),
    };
    process.stdout.write(
      `query cache hit rates over the read mix: ${JSON.stringify({ delta, keptAtEdge, rates })}\n`,
    );
    expect(rates.blocks).toBeGreaterThan(0.75);
    expect(rates.receipts).toBeGreaterThan(0.5);
    expect(rates.transactions).toBeGreaterThan(0.5);
    expect(rates.head).toBeGreaterThan(0.5);
  });

  it('behavior: answers at a committed block (state, calls, logs) are read once; a failing call is asked again', async () => {
    const stats = tier.app.get(QueryCacheStats);
    const holder = chain.accounts[1];
    const balanceOf = { to: chain.token, data: TOKEN_INTERFACE.encodeFunctionData('balanceOf', [holder]) };
    const transfer = (amount: bigint) => ({
      from: holder,
      to: chain.token,
      data: TOKEN_INTERFACE.encodeFunctionData('transfer', [chain.accounts[2], amount]),
    });
    const byNumber = toQuantity(chain.later.height);
    const laterBlock = await call<{ hash: string }>(tier.httpUrl, 'eth_getBlockByNumber', [byNumber, false]);
    const byHash = { blockHash: laterBlock.hash };
    const reads: [string, unknown[]][] = [
      ['eth_getBalance', [holder, byNumber]],
      ['eth_getTransactionCount', [holder, byHash]],
      ['eth_getCode', [chain.token, byNumber]],
      ['eth_getStorageAt', [chain.token, '0x2', byNumber]],
      ['eth_call', [balanceOf, byHash]],
      // Not 'latest': a block may land between the two rounds, and the second would then be a new height.
      // A height of its own, since calls are kept by the height they resolve to (byHash is chain.later).
      ['eth_call', [balanceOf, toQuantity(chain.later.height - 1n)]],
      ['eth_estimateGas', [transfer(1n), byNumber]],
      ['eth_getLogs', [{ fromBlock: '0x1', toBlock: byNumber, address: chain.token }]],
    ];
    const readAll = async () => {
      const answers: unknown[] = [];
      for (const [method, params] of reads) answers.push(await call(tier.httpUrl, method, params));
      return answers;
    };
    const edge = tier.app.get(EdgeAnswers);
    const before = stats.snapshot().final;
    const edgeHits = () => edge.statsOf('head-state').hits + edge.statsOf('block').hits;
    const edgeBefore = edgeHits();
    const first = await readAll();
    expect(await readAll()).toEqual(first);
    const kept = stats.snapshot().final;
    // The second round is answered by the gateway (state reads and calls are kept per head at the edge too,
    // logs between two numbers once given), else from the query service's cache: either way, never read again.
    const keptAtEdge = edgeHits() - edgeBefore;
    expect({ misses: kept.misses - before.misses, hits: kept.hits - before.hits + keptAtEdge }).toEqual({
      misses: reads.length,
      hits: reads.length,
    });
    // A transfer beyond the holder's balance reverts: the error is the engine's every time, never kept.
    const tooMuch = [transfer(INITIAL_SUPPLY * 2n), byNumber];
    expect((await callError(tier.httpUrl, 'eth_call', tooMuch)).code).toBe(3);
    expect((await callError(tier.httpUrl, 'eth_call', tooMuch)).code).toBe(3);
    const after = stats.snapshot().final;
    expect({ misses: after.misses - kept.misses, hits: after.hits - kept.hits }).toEqual({
      misses: 2,
      hits: 0,
    });
  });
});

function difference(before: QueryCacheSnapshot, after: QueryCacheSnapshot): QueryCacheSnapshot {
  const minus = (now: CacheStats, then: CacheStats): CacheStats => ({
    hits: now.hits - then.hits,
    misses: now.misses - then.misses,
    size: now.size,
  });
  return {
    blocks: minus(after.blocks, before.blocks),
    transactions: minus(after.transactions, before.transactions),
    receipts: minus(after.receipts, before.receipts),
    head: minus(after.head, before.head),
    final: minus(after.final, before.final),
    logsBloom: {
      tested: after.logsBloom.tested - before.logsBloom.tested,
      ruledOut: after.logsBloom.ruledOut - before.logsBloom.ruledOut,
    },
    logIndex: {
      lookups: after.logIndex.lookups - before.logIndex.lookups,
      unavailable: after.logIndex.unavailable - before.logIndex.unavailable,
      blocksSpanned: after.logIndex.blocksSpanned - before.logIndex.blocksSpanned,
      blocksRead: after.logIndex.blocksRead - before.logIndex.blocksRead,
    },
  };
}

/** `stats` with the calls the gateway answered from what it keeps counted as hits. */
const withHits = (stats: CacheStats, edgeHits: number): CacheStats => ({
  ...stats,
  hits: stats.hits + edgeHits,
});
