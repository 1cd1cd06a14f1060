import { unwrapEthereumTx } from '@photon/ethermint-wire';
import { jsonRoot } from '../comet/json-read';
import { parseResultBlock } from '../comet/parse-block';
import { parseBlockResults } from '../comet/parse-results';
import { DEVNET, devnetResult } from '../testing/devnet-fixture';
import { recordedResult } from '../testing/fixtures';
import { blockEthereumTxs } from './block-ethereum-txs';
import { traceInputs } from './trace-inputs';

describe(traceInputs.name, () => {
  it("default: the block's MsgEthereumTx messages as on the chain, with their hashes and the header facts", () => {
    const height = DEVNET.scenario.height;
    const block = parseResultBlock(jsonRoot(devnetResult('block', { height }), 'block'));
    if (block === null) throw new Error('no recorded block');
    const results = parseBlockResults(jsonRoot(devnetResult('block_results', { height }), 'block_results'));
    const inputs = traceInputs(block, results);
    const included = blockEthereumTxs(block, results);
    expect(inputs.txs.length).toBeGreaterThan(0);
    expect(inputs.txs.map((tx) => tx.hash)).toEqual(included.map((tx) => tx.hash));
    const onChain = block.block.txs.flatMap((bytes) => unwrapEthereumTx(bytes));
    for (const [i, tx] of inputs.txs.entries()) {
      expect(Buffer.from(tx.msg.raw)).toEqual(Buffer.from(onChain[i]!.signedRaw));
    }
    expect(inputs).toMatchObject({
      height: block.block.header.height,
      hash: block.blockId.hash,
      time: block.block.header.time,
      proposerAddress: block.block.header.proposerAddress,
    });
  });

  it('args: an older-layout block (Cronos testnet) keeps its messages in that layout', () => {
    const dir = 'cronos-testnet-83178';
    const block = parseResultBlock(jsonRoot(recordedResult(dir, 'block'), 'block'));
    if (block === null) throw new Error('no recorded block');
    const results = parseBlockResults(jsonRoot(recordedResult(dir, 'block_results'), 'block_results'));
    const inputs = traceInputs(block, results);
    expect(inputs.txs.map((tx) => tx.hash)).toEqual(blockEthereumTxs(block, results).map((tx) => tx.hash));
    expect(inputs.txs.length).toBeGreaterThan(0);
    for (const tx of inputs.txs) {
      expect(tx.msg.raw).toHaveLength(0);
      expect(tx.msg.data?.typeUrl).toMatch(/^\/ethermint\.evm\.v1\.(LegacyTx|AccessListTx|DynamicFeeTx)$/);
    }
  });
});
