import type { EthBlockRecord, EthReceiptRecord, EthTransactionRecord, Hex } from '@photon/types';
import { computeFeeHistory, effectiveTip } from './fee-history';

const hash = (n: number): Hex => `0x${n.toString(16).padStart(64, '0')}`;

const tx = (n: number, fees: Partial<EthTransactionRecord>): EthTransactionRecord => ({
  type: fees.maxFeePerGas === undefined ? 0 : 2,
  hash: hash(n),
  from: `0x${'11'.repeat(20)}`,
  to: `0x${'22'.repeat(20)}`,
  nonce: 0n,
  value: 0n,
  gas: 21_000n,
  gasPrice: 0n,
  input: '0x',
  v: 0n,
  r: 1n,
  s: 1n,
  position: null,
  ...fees,
});

const receipt = (n: number, gasUsed: bigint): EthReceiptRecord => {
  const partial: Partial<EthReceiptRecord> = { transactionHash: hash(n), gasUsed };
  return partial as EthReceiptRecord;
};

const block = (
  number: bigint,
  baseFeePerGas: bigint,
  transactions: EthTransactionRecord[],
  gasUsed: bigint,
) => {
  const partial: Partial<EthBlockRecord> = {
    number,
    baseFeePerGas,
    transactions,
    gasUsed,
    gasLimit: 30_000_000n,
  };
  return partial as EthBlockRecord;
};

describe(computeFeeHistory.name, () => {
  it('default: base fees include the next block, ratios per block, no reward without percentiles', () => {
    const history = computeFeeHistory(
      [
        { block: block(5n, 100n, [], 0n), receipts: [] },
        { block: block(6n, 90n, [], 15_000_000n), receipts: [] },
      ],
      80n,
      undefined,
    );
    expect(history).toEqual({ oldestBlock: 5n, baseFeePerGas: [100n, 90n, 80n], gasUsedRatio: [0, 0.5] });
  });

  it('args: percentiles are gas-weighted effective tips in ascending order; empty blocks give zeros', () => {
    const txs = [
      tx(1, { gasPrice: 130n }), // tip 30, 21000 gas
      tx(2, { maxFeePerGas: 200n, maxPriorityFeePerGas: 5n }), // tip 5, 63000 gas
      tx(3, { maxFeePerGas: 110n, maxPriorityFeePerGas: 50n }), // tip capped at 10, 21000 gas
    ];
    const receipts = [receipt(1, 21_000n), receipt(2, 63_000n), receipt(3, 21_000n)];
    const history = computeFeeHistory(
      [
        { block: block(7n, 100n, txs, 105_000n), receipts },
        { block: block(8n, 100n, [], 0n), receipts: [] },
      ],
      100n,
      [0, 50, 70, 100],
    );
    expect(history.reward).toEqual([
      [5n, 5n, 10n, 30n],
      [0n, 0n, 0n, 0n],
    ]);
  });
});

describe(effectiveTip.name, () => {
  it('default: legacy pays price minus base fee; 1559 the smaller of its tip and its headroom', () => {
    expect(effectiveTip(tx(1, { gasPrice: 150n }), 100n)).toBe(50n);
    expect(effectiveTip(tx(2, { maxFeePerGas: 300n, maxPriorityFeePerGas: 7n }), 100n)).toBe(7n);
    expect(effectiveTip(tx(3, { maxFeePerGas: 103n, maxPriorityFeePerGas: 7n }), 100n)).toBe(3n);
  });
});
