// tests/integration_tests/test_block.py, ported.
import { deployContract } from './contracts';
import { type UpstreamFile } from './upstream-file';

export const TEST_BLOCK: UpstreamFile = {
  file: 'test_block',
  passes: {
    test_call: async ({ w3 }) => {
      const { contract } = await deployContract(w3, 'TestBlockTxProperties');
      const height = await w3.blockNumber();
      await w3.waitForNewBlocks(1);
      const [res] = await contract.call('getBlockHash', [height]);
      const blk = await w3.getBlock(height);
      expect(res).toBe(blk['hash']);
    },
  },
  deviations: {},
  pendingUpstream: {},
  notApplicable: {},
};
