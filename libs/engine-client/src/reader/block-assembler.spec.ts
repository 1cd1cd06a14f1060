import { jsonRoot } from '../comet/json-read';
import { parseResultBlock } from '../comet/parse-block';
import { parseBlockResults } from '../comet/parse-results';
import { type CometBlockResults, type CometResultBlock } from '../comet/types';
import { EngineResponseError } from '../errors';
import { DEVNET, devnetResult } from '../testing/devnet-fixture';
import { readFixture, recordedResult } from '../testing/fixtures';
import { assembleBlock, assembleLogs, type BlockContext } from './block-assembler';
import { baseFeeFromEvents } from './block-events';

const ZERO_BLOOM = `0x${'00'.repeat(256)}`;
const EMPTY_ROOT = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';

function cronos(blockDir: string, resultsDir = blockDir): [CometResultBlock, CometBlockResults] {
  const block = parseResultBlock(jsonRoot(recordedResult(blockDir, 'block'), 'block'));
  if (block === null) throw new Error('no block');
  return [block, parseBlockResults(jsonRoot(recordedResult(resultsDir, 'block_results'), 'block_results'))];
}

function devnet(height: string): [CometResultBlock, CometBlockResults] {
  const block = parseResultBlock(jsonRoot(devnetResult('block', { height }), 'block'));
  if (block === null) throw new Error('no block');
  return [block, parseBlockResults(jsonRoot(devnetResult('block_results', { height }), 'block_results'))];
}

const context = (results: CometBlockResults, extra: Partial<BlockContext> = {}): BlockContext => ({
  miner: `0x${'11'.repeat(20)}`,
  gasLimit: 40_000_000n,
  size: 1234n,
  baseFee: baseFeeFromEvents(results.blockEvents),
  ...extra,
});

/** A copy of a recorded block_results JSON with `edit` applied to its first tx result. */
function editedResults(
  height: string,
  edit: (txs: Record<string, unknown>[]) => void,
): [CometResultBlock, CometBlockResults] {
  const [block] = devnet(height);
  const json = structuredClone(devnetResult('block_results', { height })) as {
    txs_results: Record<string, unknown>[];
  };
  edit(json.txs_results);
  return [block, parseBlockResults(jsonRoot(json, 'block_results'))];
}

describe(assembleBlock.name, () => {
  const { scenario } = DEVNET;

  it('default: the devnet block with a log, a revert, legacy, EIP-2930 and EIP-1559 txs', () => {
    const [block, results] = devnet(scenario.height);
    const { block: eth, receipts } = assembleBlock(block, results, context(results));
    expect(eth.hash).toBe(block.blockId.hash);
    expect(eth.number).toBe(BigInt(scenario.height));
    expect(eth.parentHash).toBe(block.block.header.lastBlockId.hash);
    expect(eth.stateRoot).toBe(block.block.header.appHash);
    expect(eth.timestamp).toBe(block.block.header.time.seconds);
    expect(eth.miner).toBe(`0x${'11'.repeat(20)}`);
    expect(eth.extraData).toBe('0x');
    expect(eth.transactions.map((t) => t.hash).sort()).toEqual(
      [
        scenario.txs.log,
        scenario.txs.revert,
        scenario.txs.legacyTransfer,
        scenario.txs.accessListLog,
        scenario.txs.dynamicTransfer,
      ].sort(),
    );
    expect(eth.transactions.map((t) => t.position?.transactionIndex)).toEqual([0, 1, 2, 3, 4]);
    expect(eth.transactions.every((t) => t.position?.blockHash === eth.hash)).toBe(true);
    expect(receipts.map((r) => r.transactionHash)).toEqual(eth.transactions.map((t) => t.hash));
    let sum = 0n;
    for (const receipt of receipts) {
      sum += receipt.gasUsed;
      expect(receipt.cumulativeGasUsed).toBe(sum);
      expect(receipt.blockHash).toBe(eth.hash);
    }
    expect(eth.gasUsed).toBe(sum);
    expect(eth.baseFeePerGas).toBe(baseFeeFromEvents(results.blockEvents));
    // Logs are numbered block-wide and carry the CometBFT block hash.
    expect(receipts.flatMap((r) => r.logs).map((l) => l.logIndex)).toEqual([0, 1]);
    expect(receipts.flatMap((r) => r.logs).every((l) => l.blockHash === eth.hash)).toBe(true);
  });

  it('behavior: a reverted tx is listed with status 0, no logs and its gas', () => {
    const [block, results] = devnet(scenario.height);
    const { receipts } = assembleBlock(block, results, context(results));
    const byHash = new Map(receipts.map((r) => [r.transactionHash, r]));
    const reverted = byHash.get(scenario.txs.revert);
    expect(reverted).toMatchObject({ status: 0, logs: [], contractAddress: null });
    expect(reverted?.gasUsed).toBeGreaterThan(21_000n);
    const log = byHash.get(scenario.txs.log);
    expect(log?.status).toBe(1);
    expect(log?.logs).toEqual([
      expect.objectContaining({
        address: scenario.contract,
        topics: [scenario.pingTopic],
        data: `0x${'00'.repeat(12)}${scenario.accounts.deployer.slice(2)}`,
        transactionHash: scenario.txs.log,
        removed: false,
      }),
    ]);
    expect(log?.logsBloom).not.toBe(ZERO_BLOOM);
  });

  it('behavior: a creation gets the create address; 1559 prices are effective at the block base fee', () => {
    const [block, results] = devnet(scenario.creationHeight);
    const baseFee = baseFeeFromEvents(results.blockEvents) ?? 0n;
    const { block: eth, receipts } = assembleBlock(block, results, context(results));
    const creation = receipts.find((r) => r.transactionHash === scenario.txs.creation);
    expect(creation).toMatchObject({ status: 1, to: null, contractAddress: scenario.contract });
    const tx = eth.transactions.find((t) => t.hash === scenario.txs.creation);
    const expected = baseFee + (tx?.maxPriorityFeePerGas ?? 0n);
    expect(tx?.gasPrice).toBe(expected < (tx?.maxFeePerGas ?? 0n) ? expected : tx?.maxFeePerGas);
    expect(creation?.effectiveGasPrice).toBe(tx?.gasPrice);
  });

  it('behavior: the block bloom is the OR of the receipts blooms, and the event agrees', () => {
    const [block, results] = devnet(scenario.height);
    const withEvent = assembleBlock(block, results, context(results));
    const withoutEvent = assembleBlock(
      block,
      { ...results, blockEvents: results.blockEvents.filter((e) => e.type !== 'block_bloom') },
      context(results),
    );
    expect(withoutEvent.block.logsBloom).toBe(withEvent.block.logsBloom);
    expect(withEvent.block.logsBloom).not.toBe(ZERO_BLOOM);
  });

  it('behavior: an empty block has the empty trie roots, a zero bloom and no gas used', () => {
    const [block, results] = devnet('1');
    const { block: eth, receipts } = assembleBlock(block, results, context(results));
    expect(receipts).toEqual([]);
    expect(eth.transactions).toEqual([]);
    expect([eth.transactionsRoot, eth.receiptsRoot]).toEqual([EMPTY_ROOT, EMPTY_ROOT]);
    expect(eth.logsBloom).toBe(ZERO_BLOOM);
    expect(eth.gasUsed).toBe(0n);
    // The first block's parent is 32 zero bytes.
    expect(eth.parentHash).toBe(`0x${'00'.repeat(32)}`);
  });

  it('behavior: Cronos testnet 0.38 maintained layout (raw txs, two-part ethereum_tx events)', () => {
    const [block, results] = cronos('cronos-testnet-27101811');
    expect(results.layout).toBe('finalize-block');
    const { block: eth, receipts } = assembleBlock(block, results, context(results));
    expect(eth.hash).toBe('0xb839564408a5f4b22203e657608d11a91871edb1c76ce1d94f9d0afc52cf72fa');
    expect(eth.parentHash).toBe('0x2c6c2fc8373465367bed57a088ba6f7aa37d378f4f9c341a27501d4fc6e1cf49');
    expect(eth.transactions.map((t) => t.hash)).toEqual([
      '0x3094941c989efc91ad9f8fec4d24a565b7f4423fb15738875eaf9fac633eb741',
      '0xabdce976bf38d636e843cd0734e8ab2a7d51655efabf381df0f38efa06714320',
      '0x219877332ac4681abe980682a2d70584272ce7f7e6b0ceb887aac17ed3858d52',
      '0xdc0ce70de998b15475de1fbf1aff48e917473b35549ffa863257b3679e3d2a51',
      '0x798f7e873442ba701ca3c6d770125627e82cfbd9cc1f0cbe96889bbdc675cfd2',
    ]);
    expect(eth.transactions[0]).toMatchObject({
      type: 0,
      from: '0xc4468854fe73744d7d9805eb52fde77c5169ed6b',
      to: '0xb6256dcb23cee06eda2408e73945963606fdddd7',
      chainId: 338n,
      // EIP-155: 338 · 2 + 35 + parity.
      v: 711n,
    });
    // The node's own block_gas event counts the same gas.
    expect(eth.gasUsed).toBe(212_518n);
    expect(receipts.map((r) => r.cumulativeGasUsed)).toEqual([
      69_109n,
      101_754n,
      134_423n,
      167_092n,
      212_518n,
    ]);
    expect(eth.baseFeePerGas).toBe(5_000_000_000_000n);
    // block_bloom is "" there (no logs): recomputed.
    expect(eth.logsBloom).toBe(ZERO_BLOOM);
  });

  it('behavior: Cronos testnet 0.34 older layout (LegacyTx Any, base64 events, logs in TxMsgData.data)', () => {
    const [block, results] = cronos('cronos-testnet-83178');
    expect(results.layout).toBe('begin-end-block');
    const { block: eth, receipts } = assembleBlock(block, results, context(results));
    expect(eth.transactions).toHaveLength(1);
    expect(eth.transactions[0]).toMatchObject({
      hash: '0x3118583b6f71ebed92410afbdc069facb9e94169bd764711d58ca1f131d63fff',
      from: '0x6f966da8f83ac4b4ae3dfbd2da1ada7f333967b1',
      nonce: 130n,
      // No fee_market event and no base fee: the signed price.
      gasPrice: 5_000_000_000_000n,
    });
    expect(eth.baseFeePerGas).toBe(0n);
    expect(receipts[0]).toMatchObject({ status: 1, gasUsed: 77_595n, cumulativeGasUsed: 77_595n });
    expect(receipts[0]?.logs).toEqual([
      expect.objectContaining({
        address: '0xaa53dd6d234a0c431b39b9e90454666432869dc9',
        blockHash: '0x970d335ed369b2a53a58cc03647723133b2bc00d3cc84b79a83d966ccb1f7c35',
        logIndex: 0,
        data: '0x',
      }),
    ]);
    expect(receipts[0]?.logs[0]?.topics).toHaveLength(4);
  });

  it.each([
    ['0.34 (base64 attributes, raw bloom)', 'cronos-testnet-5168311'],
    ['0.37 (plain attributes, bloom as a string)', 'comet-0.37-cronos-testnet-5168311'],
  ])('behavior: Cronos testnet %s with a DynamicFeeTx Any', (_name, resultsDir) => {
    const [block, results] = cronos('cronos-testnet-5168311', resultsDir);
    const { block: eth, receipts } = assembleBlock(block, results, context(results));
    expect(eth.baseFeePerGas).toBe(1_955_347_438_130n);
    expect(eth.transactions[0]).toMatchObject({
      type: 2,
      hash: '0xd56db65672a48daaf14f743f53c316a3eba130d72beb7034296f4ea3f7e49b53',
      from: '0xe089d1a0d151a13d812ea4e8d648f1dc58b41ca9',
      maxFeePerGas: 5_000_000_000_000n,
      // min(maxFee, baseFee + tip) = maxFee here.
      gasPrice: 5_000_000_000_000n,
    });
    expect(receipts[0]).toMatchObject({ status: 1, gasUsed: 44_395n, effectiveGasPrice: 5_000_000_000_000n });
    expect(receipts[0]?.logs[0]).toMatchObject({
      address: '0x904bd5a5aac0b9d88a0d47864724218986ad4a3a',
      data: `0x${'ff'.repeat(32)}`,
      logIndex: 0,
    });
    // The node's block_bloom (raw bytes in the event) equals the bloom rebuilt from the logs.
    const withoutEvent = assembleBlock(
      block,
      { ...results, blockEvents: results.blockEvents.filter((e) => e.type !== 'block_bloom') },
      context(results),
    );
    expect(eth.logsBloom).toBe(withoutEvent.block.logsBloom);
    expect(eth.logsBloom).toBe(receipts[0]?.logsBloom);
  });

  it('behavior: logs come from tx_log events when tx_result.data has none (older nodes)', () => {
    const [block] = cronos('cronos-testnet-5168311');
    const json = structuredClone(recordedResult('comet-0.37-cronos-testnet-5168311', 'block_results')) as {
      txs_results: { data: unknown }[];
    };
    for (const tx of json.txs_results) tx.data = null;
    const results = parseBlockResults(jsonRoot(json, 'block_results'));
    const { receipts } = assembleBlock(block, results, context(results));
    expect(receipts[0]?.logs).toEqual([
      expect.objectContaining({
        address: '0x904bd5a5aac0b9d88a0d47864724218986ad4a3a',
        topics: [
          '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925',
          '0x000000000000000000000000e089d1a0d151a13d812ea4e8d648f1dc58b41ca9',
          '0x000000000000000000000000f564ef0034bb7d7cd84412275e1e51364d4d7734',
        ],
        data: `0x${'ff'.repeat(32)}`,
        blockHash: block.blockId.hash,
      }),
    ]);
  });

  it('behavior: a Cosmos tx that failed (code != 0) is not an Ethereum tx; the indexes close up', () => {
    const [block, results] = editedResults(scenario.height, (txs) => {
      Object.assign(txs[0]!, { code: 5, log: 'insufficient funds', events: [] });
    });
    const { block: eth } = assembleBlock(block, results, context(results));
    expect(eth.transactions).toHaveLength(4);
    expect(eth.transactions.map((t) => t.position?.transactionIndex)).toEqual([0, 1, 2, 3]);
  });

  it('behavior: a tx over the block gas limit is kept, failed, charged its gas limit', () => {
    const [block, results] = editedResults(scenario.height, (txs) => {
      Object.assign(txs[0]!, {
        code: 11,
        log: 'out of gas in location: block gas meter; gasWanted: 60000, gasUsed: 10: out of gas',
        data: null,
        events: [],
      });
    });
    const { block: eth, receipts } = assembleBlock(block, results, context(results));
    expect(eth.transactions).toHaveLength(5);
    expect(receipts[0]).toMatchObject({ status: 0, gasUsed: eth.transactions[0]?.gas, logs: [] });
  });

  it('behavior: ethereumTxFailed marks a tx failed even when data says nothing', () => {
    const [block, results] = editedResults(scenario.height, (txs) => {
      const first = txs[0] as { data: unknown; events: { type: string; attributes: unknown[] }[] };
      first.data = null;
      first.events
        .find((e) => e.type === 'ethereum_tx')
        ?.attributes.push({
          key: 'ethereumTxFailed',
          value: 'execution reverted',
          index: true,
        });
    });
    const { receipts } = assembleBlock(block, results, context(results));
    expect(receipts[0]).toMatchObject({ status: 0, logs: [] });
  });

  it('behavior: Cosmos txs and undecodable bytes are skipped', () => {
    const [block, results] = devnet(scenario.height);
    const cosmosOnly = Uint8Array.from([0x0a, 0x02, 0x0a, 0x00]);
    const withCosmos: CometResultBlock = {
      ...block,
      block: { ...block.block, txs: [cosmosOnly, Uint8Array.from([0xff]), ...block.block.txs] },
    };
    const first = results.txsResults[0]!;
    const okResult = { ...first, events: [], data: new Uint8Array() };
    const { block: eth } = assembleBlock(
      withCosmos,
      { ...results, txsResults: [okResult, okResult, ...results.txsResults] },
      context(results),
    );
    expect(eth.transactions).toHaveLength(5);
  });

  it('error: results that do not match the block', () => {
    const [block, results] = devnet(scenario.height);
    expect(() =>
      assembleBlock(block, { ...results, txsResults: results.txsResults.slice(1) }, context(results)),
    ).toThrow(EngineResponseError);
  });

  it('error: a txLog that is not JSON', () => {
    const [block] = cronos('cronos-testnet-5168311');
    const json = structuredClone(recordedResult('comet-0.37-cronos-testnet-5168311', 'block_results')) as {
      txs_results: { data: unknown; events: { type: string; attributes: { value: string }[] }[] }[];
    };
    const tx = json.txs_results[0]!;
    tx.data = null;
    const txLog = tx.events.find((e) => e.type === 'tx_log');
    if (txLog?.attributes[0] !== undefined) txLog.attributes[0].value = '{not json';
    const results = parseBlockResults(jsonRoot(json, 'block_results'));
    expect(() => assembleBlock(block, results, context(results))).toThrow(/txLog is not JSON/);
  });
});

describe(assembleLogs.name, () => {
  it('default: the same logs as the full assembly', () => {
    const [block, results] = devnet(DEVNET.scenario.height);
    const full = assembleBlock(block, results, context(results));
    expect(assembleLogs(block, results)).toEqual(full.receipts.flatMap((r) => r.logs));
  });
});

describe('fixtures', () => {
  it('default: the log probe fixture is what the devnet scenario deployed', () => {
    expect(readFixture('log-probe.json')).toMatchObject({ pingTopic: DEVNET.scenario.pingTopic });
  });
});
