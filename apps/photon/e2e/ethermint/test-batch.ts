// tests/integration_tests/test_batch.py, ported: three MsgEthereumTx in one Cosmos tx, broadcast to the
// engine's CometBFT RPC (the devnet's) as their cosmos CLI does, read back through the tier.
import { DevnetClient } from '@photon/testing';
import { ADDRS } from './accounts';
import { contractAddress, createContractTransaction, Contract } from './contracts';
import { type UpstreamFile } from './upstream-file';

export const TEST_BATCH: UpstreamFile = {
  file: 'test_batch',
  passes: {
    test_batch_tx: async ({ w3, stack }) => {
      const sender = ADDRS.validator;
      const recipient = ADDRS.community;
      const nonce = await w3.getTransactionCount(sender);
      const deployTx = { ...createContractTransaction('TestERC20A'), nonce };
      const contract = new Contract(w3, 'TestERC20A', contractAddress(sender, nonce));
      const transferTx1 = contract.tx('transfer', [recipient, 1000], { nonce: nonce + 1, gas: 200000 });
      const transferTx2 = contract.tx('transfer', [recipient, 1000], { nonce: nonce + 2, gas: 200000 });
      // build_batch_tx: each signed with web3.py's defaults (the deploy's gas estimated before it exists)
      const signed = [];
      for (const tx of [deployTx, transferTx1, transferTx2]) signed.push(await w3.signTransaction(tx));
      const txHashes = signed.map((s) => s.hash);
      const rsp = await new DevnetClient(stack.devnetUrl).broadcastBatch(signed.map((s) => s.rawTransaction));
      expect({ code: rsp.code, log: rsp.log }).toStrictEqual({
        code: 0,
        log: expect.any(String) as string,
      });

      const receipts = [];
      for (const h of txHashes) receipts.push(await w3.waitForTransactionReceipt(h));

      expect((await contract.call('balanceOf', [recipient]))[0]).toBe(2000n);

      // check logs
      expect(receipts[0]!.contractAddress).toBe(contract.address);

      expect(receipts.map((r) => r.transactionIndex)).toStrictEqual([0, 1, 2]);
      expect(receipts.map((r) => r.logs[0]?.logIndex)).toStrictEqual([0, 1, 2]);

      const [r0, r1, r2] = receipts as [(typeof receipts)[0], (typeof receipts)[0], (typeof receipts)[0]];
      expect(r0.cumulativeGasUsed).toBe(r0.gasUsed);
      expect(r1.cumulativeGasUsed).toBe(r0.gasUsed + r1.gasUsed);
      expect(r2.cumulativeGasUsed).toBe(r0.gasUsed + r1.gasUsed + r2.gasUsed);

      // check traceTransaction
      for (const [i, h] of txHashes.entries()) {
        const rsp = await w3.request<{ failed: boolean; gas: number }>('debug_traceTransaction', [h]);
        expect(rsp.failed).toBe(false);
        expect(BigInt(rsp.gas)).toBe(receipts[i]!.gasUsed);
      }

      // check get_transaction_by_block
      const block = `0x${r0.blockNumber.toString(16)}`;
      for (let i = 0; i < 3; i++) {
        const tx = await w3.request<{ hash: string }>('eth_getTransactionByBlockNumberAndIndex', [
          block,
          `0x${i}`,
        ]);
        expect(tx.hash).toBe(txHashes[i]);
      }

      // check getBlock
      const txs = (await w3.getBlock(r0.blockNumber, true))['transactions'] as {
        transactionIndex: string;
      }[];
      for (let i = 0; i < 3; i++) expect(Number(txs[i]!.transactionIndex)).toBe(i);
    },
  },
  deviations: {},
  pendingUpstream: {},
  notApplicable: {
    test_multisig:
      'a Cosmos multisig account and bank transfers through the Cosmos CLI: no JSON-RPC involved',
    test_textual: 'a bank transfer signed in SIGN_MODE_TEXTUAL through the Cosmos CLI: no JSON-RPC involved',
  },
};
