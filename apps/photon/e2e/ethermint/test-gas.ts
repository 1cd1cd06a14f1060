// tests/integration_tests/test_gas.py, ported. Upstream sends the same tx to geth 1.11 and ethermintd
// and asserts equal gasUsed; the port asserts geth's value where it is known: 21000 for a transfer and
// 0x966fd for TestERC20A's deployment (upstream's EXPECTED_CONTRACT_CREATE_TRACER, geth's and theirs).
import { ADDRS, ACCOUNTS } from './accounts';
import { deployContract } from './contracts';
import { type UpstreamFile } from './upstream-file';

/** geth's gasUsed of a plain transfer. */
const GETH_TRANSFER_GAS = 21000n;
/** geth's gasUsed of deploying TestERC20A (EXPECTED_CONTRACT_CREATE_TRACER["gasUsed"]). */
const GETH_TEST_ERC20A_DEPLOY_GAS = 0x966fdn;

export const TEST_GAS: UpstreamFile = {
  file: 'test_gas',
  passes: {
    test_gas_eth_tx: async ({ w3 }) => {
      const txValue = 10;
      // send an equivalent transaction with ethermint
      const tx = { to: ADDRS.community, value: txValue, gasPrice: await w3.gasPrice() };
      const receipt = await w3.sendTransaction(tx, ACCOUNTS.validator);
      // ensure that the gasUsed is equivalent
      expect(receipt.gasUsed).toBe(GETH_TRANSFER_GAS);
    },
    test_gas_deployment: async ({ w3 }) => {
      const { receipt } = await deployContract(w3, 'TestERC20A');
      expect(receipt.gasUsed).toBe(GETH_TEST_ERC20A_DEPLOY_GAS);
    },
    test_block_gas_limit: async ({ w3 }) => {
      const txValue = 10;
      // get the block gas limit from the latest block
      await w3.waitForNewBlocks(5);
      const block = await w3.getBlock('latest');
      const exceededGasLimit = BigInt(block['gasLimit'] as string) + 100n;
      // send a transaction exceeding the block gas limit
      const gasPrice = await w3.gasPrice();
      const tx = { to: ADDRS.community, value: txValue, gas: exceededGasLimit, gasPrice };
      // expect an error due to the block gas limit
      await expect(w3.sendTransaction(tx, ACCOUNTS.validator)).rejects.toThrow();
      // deploy a contract on ethermint
      const { contract } = await deployContract(w3, 'BurnGas');
      // expect an error on contract call due to block gas limit
      const call = async () => {
        const hash = await w3.sendUnsigned(
          contract.tx('burnGas', [exceededGasLimit], {
            from: ADDRS.validator,
            gas: exceededGasLimit,
            gasPrice,
          }),
        );
        await w3.waitForTransactionReceipt(hash);
      };
      await expect(call()).rejects.toThrow();
    },
  },
  deviations: {},
  pendingUpstream: {},
  notApplicable: {
    test_gas_call:
      "asserts burnGas(10)'s gasUsed equals a geth node's; no geth runs beside the suite and upstream records no value for it",
    test_discard_abci_responses:
      "needs ethermintd's discard_abci_responses node setting (its own network); the engine's storage is not the tier's",
  },
};
