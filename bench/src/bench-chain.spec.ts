// Unit tests for the bench chain's fixed transactions and the heights they are planned at.
import { Transaction } from 'ethers';

import {
  CHAIN_ID,
  DEPLOYER,
  LOG_RANGE,
  RECEIPT_TX_HASH,
  SIGNED_DEPLOY,
  SIGNED_TRANSFERS,
  TOKEN,
  TRANSFERS,
  plannedTxHeights,
  signDeploy,
  txHash,
} from './bench-chain';

describe('SIGNED_DEPLOY and SIGNED_TRANSFERS', () => {
  it('default: DEPLOYER signs nonces 0…TRANSFERS on chain 9000, the transfers to TOKEN', () => {
    const txs = [SIGNED_DEPLOY, ...SIGNED_TRANSFERS].map((s) => Transaction.from(s));
    expect(txs.map((t) => t.nonce)).toEqual(Array.from({ length: TRANSFERS + 1 }, (_, i) => i));
    for (const t of txs) {
      expect(t.from).toBe(DEPLOYER.address);
      expect(t.chainId).toBe(CHAIN_ID);
    }
    expect(txs[0]?.to).toBeNull();
    expect(txs.slice(1).every((t) => t.to === TOKEN)).toBe(true);
  });

  it('behavior: signing is deterministic, so the receipt workload can name a hash in advance', () => {
    expect(signDeploy('0x6000')).toBe(signDeploy('0x6000'));
    expect(RECEIPT_TX_HASH).toBe(txHash(SIGNED_TRANSFERS[0] ?? ''));
  });
});

describe(plannedTxHeights.name, () => {
  it('default: the deploy, then the transfers evenly spaced inside the log range', () => {
    const heights = plannedTxHeights(1n);
    expect(heights).toHaveLength(TRANSFERS + 1);
    expect(heights[0]).toBe(1n);
    expect(heights.every((h, i) => i === 0 || h > (heights[i - 1] ?? 0n))).toBe(true);
    expect(heights[heights.length - 1]! <= BigInt(LOG_RANGE.toBlock)).toBe(true);
  });

  it('error: a deploy too late to fit the transfers', () => {
    expect(() => plannedTxHeights(BigInt(LOG_RANGE.toBlock))).toThrow(RangeError);
  });
});
