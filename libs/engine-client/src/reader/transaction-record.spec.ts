import { Transaction, Wallet } from 'ethers';
import { effectiveGasPrice, transactionRecord } from './transaction-record';

const wallet = Wallet.fromPhrase('test test test test test test test test test test test junk');
const from = wallet.address.toLowerCase() as `0x${string}`;
const to = '0x904Bd5a5AAC0B9d88A0D47864724218986Ad4a3a';
const position = {
  blockHash: `0x${'aa'.repeat(32)}` as const,
  blockNumber: 5n,
  blockTimestamp: 9n,
  transactionIndex: 0,
};

async function signed(fields: Record<string, unknown>): Promise<Transaction> {
  return Transaction.from(await wallet.signTransaction({ to, nonce: 3, gasLimit: 21_000n, ...fields }));
}

describe(transactionRecord.name, () => {
  it('default: an EIP-155 legacy tx has v = chainId·2 + 35 + parity and no access list', async () => {
    const tx = await signed({ type: 0, chainId: 9000n, gasPrice: 7n });
    const record = transactionRecord(tx, from, tx.hash as `0x${string}`, position, 5n);
    expect(record).toMatchObject({
      type: 0,
      chainId: 9000n,
      gasPrice: 7n,
      nonce: 3n,
      to: to.toLowerCase(),
      input: '0x',
    });
    expect(record.v).toBe(9000n * 2n + 35n + BigInt(tx.signature?.yParity ?? 0));
    expect(record).not.toHaveProperty('accessList');
    expect(record).not.toHaveProperty('yParity');
  });

  it('behavior: an unprotected legacy tx has v 27/28 and no chain id', async () => {
    const tx = await signed({ type: 0, chainId: 0n, gasPrice: 7n });
    const record = transactionRecord(tx, from, tx.hash as `0x${string}`, null, undefined);
    expect([27n, 28n]).toContain(record.v);
    expect(record).not.toHaveProperty('chainId');
  });

  it('behavior: EIP-2930 and EIP-1559 carry access list and y-parity; 1559 gasPrice is effective once included', async () => {
    const accessList = [{ address: to, storageKeys: [`0x${'00'.repeat(31)}01`] }];
    const t1 = await signed({ type: 1, chainId: 9000n, gasPrice: 7n, accessList });
    const r1 = transactionRecord(t1, from, t1.hash as `0x${string}`, position, undefined);
    expect(r1.accessList).toEqual([{ address: to.toLowerCase(), storageKeys: [`0x${'00'.repeat(31)}01`] }]);
    expect(r1.v).toBe(BigInt(r1.yParity ?? -1));
    const t2 = await signed({ type: 2, chainId: 9000n, maxFeePerGas: 100n, maxPriorityFeePerGas: 10n });
    const included = transactionRecord(t2, from, t2.hash as `0x${string}`, position, 50n);
    expect(included).toMatchObject({
      gasPrice: 60n,
      maxFeePerGas: 100n,
      maxPriorityFeePerGas: 10n,
      accessList: [],
    });
    const pending = transactionRecord(t2, from, t2.hash as `0x${string}`, null, undefined);
    expect(pending.gasPrice).toBe(100n);
  });
});

describe(effectiveGasPrice.name, () => {
  it('default: min(maxFee, baseFee + tip) for 1559, the signed price otherwise', async () => {
    const t2 = await signed({ type: 2, chainId: 9000n, maxFeePerGas: 100n, maxPriorityFeePerGas: 10n });
    expect(effectiveGasPrice(t2, 50n)).toBe(60n);
    expect(effectiveGasPrice(t2, 95n)).toBe(100n);
    expect(effectiveGasPrice(t2, undefined)).toBe(100n);
    const t0 = await signed({ type: 0, chainId: 9000n, gasPrice: 7n });
    expect(effectiveGasPrice(t0, 1_000n)).toBe(7n);
  });
});
