// tests/integration_tests/test_priority.py, ported.
import { ACCOUNTS, type AccountName } from './accounts';
import { type UpstreamFile } from './upstream-file';
import { RpcError, type TxParams, type Web3Like } from './web3-like';

const PRIORITY_REDUCTION = 1000000n;

function txPriority(tx: TxParams, baseFee: bigint): bigint {
  if (tx.maxFeePerGas !== undefined) {
    // dynamic fee tx
    const tip = BigInt(tx.maxPriorityFeePerGas!);
    const cap = BigInt(tx.maxFeePerGas) - baseFee;
    return (tip < cap ? tip : cap) / PRIORITY_REDUCTION;
  }
  // legacy tx
  return (BigInt(tx.gasPrice!) - baseFee) / PRIORITY_REDUCTION;
}

/** Resolves as soon as the head moves past the current one (polled every 20 ms). */
async function untilNewHead(w3: Web3Like): Promise<void> {
  const begin = await w3.blockNumber();
  while ((await w3.blockNumber()) === begin) await new Promise((resolve) => setTimeout(resolve, 20));
}

export const TEST_PRIORITY: UpstreamFile = {
  file: 'test_priority',
  passes: {
    test_priority: async ({ w3 }) => {
      const amount = 10000;
      const baseFee = BigInt((await w3.getBlock('latest'))['baseFeePerGas'] as string);
      const zero = '0x0000000000000000000000000000000000000000';
      // use different senders to avoid nonce conflicts
      const testCases: [AccountName, TxParams][] = [
        [
          'validator',
          {
            to: zero,
            value: amount,
            gas: 21000,
            maxFeePerGas: baseFee + PRIORITY_REDUCTION * 600000n,
            maxPriorityFeePerGas: 0,
          },
        ],
        [
          'community',
          { to: zero, value: amount, gas: 21000, gasPrice: baseFee + PRIORITY_REDUCTION * 200000n },
        ],
        [
          'signer2',
          {
            to: zero,
            value: amount,
            gasPrice: baseFee + PRIORITY_REDUCTION * 400000n,
            accessList: [
              {
                address: '0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae',
                storageKeys: [
                  '0x0000000000000000000000000000000000000000000000000000000000000003',
                  '0x0000000000000000000000000000000000000000000000000000000000000007',
                ],
              },
            ],
          },
        ],
        [
          'signer1',
          {
            to: zero,
            value: amount,
            gas: 21000,
            maxFeePerGas: baseFee + PRIORITY_REDUCTION * 600000n,
            maxPriorityFeePerGas: PRIORITY_REDUCTION * 600000n,
          },
        ],
      ];
      // test cases are ordered by priority
      expect(testCases.map(([, tx]) => txPriority(tx, baseFee))).toStrictEqual([
        0n,
        200000n,
        400000n,
        600000n,
      ]);
      const signed = [];
      for (const [sender, tx] of testCases) signed.push(await w3.signTransaction(tx, ACCOUNTS[sender]));
      // send the txs from low priority to high, but the later sent txs should be included earlier.
      // (Port: sent right after a new head, so the four land in one block rather than astride a block
      // boundary on 1 s blocks; upstream's test notes the same non-determinism of its mempool.)
      await untilNewHead(w3);
      const txhashes = [];
      for (const tx of signed) txhashes.push(await w3.sendRawTransaction(tx.rawTransaction));
      const receipts = await Promise.all(txhashes.map((h) => w3.waitForTransactionReceipt(h)));
      expect(receipts.every((r) => r.status === 1)).toBe(true);
      // the later txs should be included earlier because of higher priority
      const txIndexes = receipts.map((r) => [r.blockNumber, r.transactionIndex] as const);
      // the first sent tx are included later, because of lower priority
      for (let i = 0; i + 1 < txIndexes.length; i++) {
        const [b1, i1] = txIndexes[i]!;
        const [b2, i2] = txIndexes[i + 1]!;
        // python compares the tuples lexicographically: (b1, i1) > (b2, i2)
        expect(b1 > b2 || (b1 === b2 && i1 > i2)).toBe(true);
      }
    },
    test_validate: async ({ w3 }) => {
      const gas = (BigInt(12) * (await w3.gasPrice())) / 10n;
      const tx = {
        to: '0x0000000000000000000000000000000000000000',
        value: 1,
        gas: 21000,
        maxFeePerGas: gas,
        maxPriorityFeePerGas: gas + 1n,
      };
      const error = await w3.sendTransaction(tx, ACCOUNTS.validator).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(RpcError);
      expect(String(error)).toContain('max priority fee per gas higher than max fee per gas');
    },
  },
  deviations: {},
  pendingUpstream: {},
  notApplicable: {
    test_native_tx_priority:
      'Cosmos bank MsgSend txs with the ExtensionOptionDynamicFeeTx option, built and signed by the Cosmos CLI: no JSON-RPC involved',
  },
};
