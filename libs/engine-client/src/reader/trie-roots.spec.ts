import { genTransactionsTrieRoot } from '@ethereumjs/block';
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { MerklePatriciaTrie } from '@ethereumjs/mpt';
import { RLP } from '@ethereumjs/rlp';
import { createTxFromRLP } from '@ethereumjs/tx';
import { encodeReceipt as ethereumjsEncodeReceipt } from '@ethereumjs/vm';
import fc from 'fast-check';
import { getBytes } from 'ethers';
import { jsonRoot } from '../comet/json-read';
import { parseResultBlock } from '../comet/parse-block';
import { parseBlockResults } from '../comet/parse-results';
import { DEVNET, devnetResult } from '../testing/devnet-fixture';
import { assembleBlock } from './block-assembler';
import { blockEthereumTxs } from './block-ethereum-txs';
import { encodeReceipt, orderedTrieRoot } from './trie-roots';

const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}`;

function devnetBlock() {
  const { height } = DEVNET.scenario;
  const block = parseResultBlock(jsonRoot(devnetResult('block', { height }), 'block'));
  if (block === null) throw new Error('no block');
  return {
    block,
    results: parseBlockResults(jsonRoot(devnetResult('block_results', { height }), 'block_results')),
  };
}

describe(orderedTrieRoot.name, () => {
  it('default: the empty trie root, the root ethereumjs gives a trie with nothing put in it', () => {
    expect(orderedTrieRoot([])).toBe('0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421');
    expect(orderedTrieRoot([])).toBe(`0x${Buffer.from(new MerklePatriciaTrie().root()).toString('hex')}`);
  });

  it('behavior: the root ethereumjs’ trie gives for the same values under rlp(index), for any list', async () => {
    const reference = async (values: readonly Uint8Array[]): Promise<string> => {
      const trie = new MerklePatriciaTrie();
      for (const [i, value] of values.entries()) await trie.put(RLP.encode(i), value);
      return hex(trie.root());
    };
    // Short values make nodes under 32 bytes, which a parent holds inline rather than by hash; past 127 and
    // 255 entries the keys grow to two and three bytes, so the trie holds keys of different lengths.
    const lists = fc.array(fc.uint8Array({ minLength: 1, maxLength: 80 }), { maxLength: 300 });
    await fc.assert(
      fc.asyncProperty(lists, async (values) => {
        expect(orderedTrieRoot(values)).toBe(await reference(values));
      }),
      { numRuns: 60 },
    );
    for (const length of [1, 2, 16, 17, 127, 128, 129, 255, 256, 257]) {
      const values = Array.from({ length }, (_, i) => Uint8Array.of(i % 251, 7));
      expect(orderedTrieRoot(values)).toBe(await reference(values));
    }
  });

  it('behavior: transactionsRoot equals ethereumjs genTransactionsTrieRoot over the same txs', async () => {
    const { block, results } = devnetBlock();
    const txs = blockEthereumTxs(block, results);
    const common = new Common({ chain: { ...Mainnet, chainId: 9000 }, hardfork: Hardfork.Cancun });
    const ethereumjs = await genTransactionsTrieRoot(
      txs.map((tx) => createTxFromRLP(tx.signedRaw, { common })),
    );
    const { block: eth } = assembleBlock(block, results, {
      miner: `0x${'00'.repeat(20)}`,
      gasLimit: 0n,
      size: 0n,
      baseFee: undefined,
    });
    expect(eth.transactionsRoot).toBe(hex(ethereumjs));
  });
});

describe(encodeReceipt.name, () => {
  it('default: byte-identical to ethereumjs encodeReceipt for every type and status', async () => {
    const { block, results } = devnetBlock();
    const { receipts } = assembleBlock(block, results, {
      miner: `0x${'00'.repeat(20)}`,
      gasLimit: 0n,
      size: 0n,
      baseFee: undefined,
    });
    expect(new Set(receipts.map((r) => r.type))).toEqual(new Set([0, 1, 2]));
    const trie = new MerklePatriciaTrie();
    for (const [i, receipt] of receipts.entries()) {
      const logs = receipt.logs.map(
        (log) => [getBytes(log.address), log.topics.map((t) => getBytes(t)), getBytes(log.data)] as const,
      );
      const ours = encodeReceipt({
        type: receipt.type,
        status: receipt.status,
        cumulativeGasUsed: receipt.cumulativeGasUsed,
        bloom: getBytes(receipt.logsBloom),
        logs: receipt.logs,
      });
      const theirs = ethereumjsEncodeReceipt(
        {
          status: receipt.status,
          cumulativeBlockGasUsed: receipt.cumulativeGasUsed,
          bitvector: getBytes(receipt.logsBloom),
          logs: logs.map(([a, t, d]) => [a, [...t], d]),
        },
        receipt.type,
      );
      expect(hex(ours)).toBe(hex(theirs));
      await trie.put(RLP.encode(i), theirs);
    }
    const { block: eth } = assembleBlock(block, results, {
      miner: `0x${'00'.repeat(20)}`,
      gasLimit: 0n,
      size: 0n,
      baseFee: undefined,
    });
    expect(eth.receiptsRoot).toBe(hex(trie.root()));
  });
});
