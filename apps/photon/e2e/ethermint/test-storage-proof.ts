// tests/integration_tests/test_storage_proof.py, ported (upstream: a network of its own with 5 s
// blocks, and geth; nothing depends on the block time, so it shares the default network here).
import { deployContract } from './contracts';
import { type UpstreamFile } from './upstream-file';

export const TEST_STORAGE_PROOF: UpstreamFile = {
  file: 'test_storage_proof',
  passes: {
    test_basic: async ({ w3 }) => {
      await w3.waitForBlock(3);
      // proof queries at height <= 2 are not supported'
      const { receipt } = await deployContract(w3, 'StateContract');
      const storageKeys = ['0x0', '0x1'];
      const proof = await w3.request<{ storageProof: { key: string; value: string }[] }>('eth_getProof', [
        receipt.contractAddress,
        storageKeys,
        `0x${receipt.blockNumber.toString(16)}`,
      ]);
      for (const p of proof.storageProof) {
        if (p.key === storageKeys[0]) expect(p.value).not.toBe('0x0');
      }
    },
  },
  deviations: {},
  pendingUpstream: {},
  notApplicable: {},
};
