// tests/integration_tests/test_estimate_gas.py, ported. Upstream runs each body on ethermintd and on
// geth 1.11 and asserts the same expectations of both (plus equal JSON for the revert): the port runs
// the body on Photon with those expectations, which are geth's answers.
import { createContractTransaction, deployContract } from './contracts';
import { type UpstreamFile } from './upstream-file';
import { rpcTx } from './web3-like';

const METHOD = 'eth_estimateGas';

export const TEST_ESTIMATE_GAS: UpstreamFile = {
  file: 'test_estimate_gas',
  passes: {
    test_revert: async ({ w3 }) => {
      const { contract } = await deployContract(w3, 'TestRevert');
      // revertWithoutMsg
      const data = '0x9ffb86a5';
      const rsp = await w3.makeRequest(METHOD, [{ to: contract.address, data }]);
      const error = rsp.error;
      expect(error?.code).toBe(3);
      expect(error?.message).toBe('execution reverted: Function has been reverted');
      expect(error?.data).toBe(
        '0x08c379a00000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000001a46756e6374696f6e20686173206265656e207265766572746564000000000000',
      );
    },
    test_out_of_gas_error: async ({ w3 }) => {
      const iterations = 1;
      const gas = 21204;
      const { contract } = await deployContract(w3, 'TestMessageCall');
      const tx = contract.tx('test', [iterations], { gas: `0x${gas.toString(16)}` });
      const { error } = await w3.makeRequest(METHOD, [rpcTx(tx)]);
      expect(error?.code).toBe(-32000);
      expect(error?.message).toContain(`gas required exceeds allowance (${gas})`);
    },
    test_storage_out_of_gas_error: async ({ w3 }) => {
      const gas = 210000;
      const tx = { data: createContractTransaction('TestMessageCall').data, gas: `0x${gas.toString(16)}` };
      const { error } = await w3.makeRequest(METHOD, [tx]);
      expect(error?.code).toBe(-32000);
      expect(error?.message).toContain('contract creation code storage out of gas');
    },
  },
  deviations: {},
  pendingUpstream: {},
  notApplicable: {},
};
