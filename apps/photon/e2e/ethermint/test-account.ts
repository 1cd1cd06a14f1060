// tests/integration_tests/test_account.py, ported (upstream runs it on a network of its own with 5 s
// blocks; nothing in it depends on the block time, so it shares the default network here).
import { ADDRS, deriveNewAccount } from './accounts';
import { type UpstreamFile } from './upstream-file';
import { RpcError } from './web3-like';

export const TEST_ACCOUNT: UpstreamFile = {
  file: 'test_account',
  passes: {
    test_get_transaction_count: async ({ w3 }) => {
      const blk = `0x${(await w3.blockNumber()).toString(16)}`;
      const sender = ADDRS.validator;
      const receiver = deriveNewAccount().address;
      const n0 = await w3.getTransactionCount(receiver, blk);
      // ensure transaction send in new block
      await w3.waitForNewBlocks(1, 100);
      const txhash = await w3.sendUnsigned({ from: sender, to: receiver, value: 1000 });
      const receipt = await w3.waitForTransactionReceipt(txhash);
      expect(receipt.status).toBe(1);
      const [n1, n2] = await Promise.all([blk, 'latest'].map((b) => w3.getTransactionCount(receiver, b)));
      expect(n0).toBe(n1);
      expect(n0).toBe(n2);
    },
    test_query_future_blk: async ({ w3 }) => {
      const acc = deriveNewAccount(2).address;
      const future = (await w3.blockNumber()) + 1000;
      const error = await w3.getTransactionCount(acc, `0x${future.toString(16)}`).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(RpcError);
      expect(String(error)).toContain('-32000');
    },
  },
  deviations: {},
  pendingUpstream: {},
  notApplicable: {},
};
