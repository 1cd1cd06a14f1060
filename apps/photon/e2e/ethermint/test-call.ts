// tests/integration_tests/test_call.py, ported: eth_call's third parameter (state overrides).
import { ETHERMINT_CONTRACTS } from '@photon/testing';
import { AbiCoder, Interface, getAddress } from 'ethers';
import { deployContract } from './contracts';
import { type UpstreamFile } from './upstream-file';

const abi = AbiCoder.defaultAbiCoder();
const GREETER = ETHERMINT_CONTRACTS.Greeter;
const greeter = new Interface(GREETER.abi);
const SLOT0 = `0x${'0'.repeat(64)}`;

export const TEST_CALL: UpstreamFile = {
  file: 'test_call',
  passes: {
    test_temporary_contract_code: async ({ w3 }) => {
      const state = 100n;
      const data = greeter.encodeFunctionData('intValue');
      // call an arbitrary address
      const address = getAddress('0x0000000000000000000000000000ffffffffffff');
      const overrides = {
        [address]: { code: GREETER.deployedBytecode, state: { [SLOT0]: abi.encode(['uint256'], [state]) } },
      };
      const result = await w3.call({ to: address, data }, 'latest', overrides);
      expect(abi.decode(['uint256'], result)[0]).toBe(state);
    },
    test_override_state: async ({ w3 }) => {
      const { contract } = await deployContract(w3, 'Greeter');
      expect((await contract.call('greet'))[0]).toBe('Hello');
      expect((await contract.call('intValue'))[0]).toBe(0n);
      const intValue = 100n;
      const state = { [SLOT0]: abi.encode(['uint256'], [intValue]) };
      let result = await w3.call(
        { to: contract.address, data: greeter.encodeFunctionData('intValue') },
        'latest',
        {
          [contract.address]: { code: GREETER.deployedBytecode, stateDiff: state },
        },
      );
      expect(abi.decode(['uint256'], result)[0]).toBe(intValue);
      // stateDiff don't affect the other state slots
      result = await w3.call({ to: contract.address, data: greeter.encodeFunctionData('greet') }, 'latest', {
        [contract.address]: { code: GREETER.deployedBytecode, stateDiff: state },
      });
      expect(abi.decode(['string'], result)[0]).toBe('Hello');
      // state will overrides the whole state
      result = await w3.call({ to: contract.address, data: greeter.encodeFunctionData('greet') }, 'latest', {
        [contract.address]: { code: GREETER.deployedBytecode, state },
      });
      expect(abi.decode(['string'], result)[0]).toBe('');
    },
    test_opcode: async ({ w3 }) => {
      const { contract } = await deployContract(w3, 'Random');
      const [res] = await contract.call('randomTokenId');
      expect(res as bigint).toBeGreaterThan(0n);
    },
  },
  deviations: {},
  pendingUpstream: {},
  notApplicable: {},
};
