import { ExecutionRevertedError, InvalidInputError } from '@photon/codec';
import { AbciQueryError, EngineUnavailableError } from '@photon/engine-client';
import type { Hex } from '@photon/types';
import { AbiCoder, id } from 'ethers';
import { assertExecuted, engineCallText, toCallError } from './call-outcome';

const errorString = (reason: string): Hex =>
  `0x08c379a0${AbiCoder.defaultAbiCoder().encode(['string'], [reason]).slice(2)}`;

describe(assertExecuted.name, () => {
  it('default: a successful execution passes', () => {
    expect(() => assertExecuted({ vmError: '', ret: '0x01' })).not.toThrow();
  });

  it('error: a revert with Error(string) is code 3 with its reason and the revert bytes', () => {
    const ret = errorString('PhotonToken: insufficient balance');
    expect(() => assertExecuted({ vmError: 'execution reverted', ret })).toThrow(
      new ExecutionRevertedError('PhotonToken: insufficient balance', ret),
    );
    try {
      assertExecuted({ vmError: 'execution reverted', ret });
    } catch (error) {
      expect((error as ExecutionRevertedError).toErrorObject()).toEqual({
        code: 3,
        message: 'execution reverted: PhotonToken: insufficient balance',
        data: ret,
      });
    }
  });

  it('error: a custom error is code 3 without a reason, its bytes as data', () => {
    const ret: Hex = `0x${id('Unauthorized(address)').slice(2, 10)}${'00'.repeat(12)}${'ab'.repeat(20)}`;
    try {
      assertExecuted({ vmError: 'execution reverted', ret });
      throw new Error('no error');
    } catch (error) {
      expect((error as ExecutionRevertedError).toErrorObject()).toEqual({
        code: 3,
        message: 'execution reverted',
        data: ret,
      });
    }
  });

  it('error: a bare revert (no bytes) is -32000 as geth answers it', () => {
    expect(() => assertExecuted({ vmError: 'execution reverted', ret: '0x' })).toThrow(
      new InvalidInputError('execution reverted'),
    );
  });

  it('error: other EVM failures keep geth’s words, -32000', () => {
    expect(() => assertExecuted({ vmError: 'invalid opcode: INVALID', ret: '0x' })).toThrow(
      new InvalidInputError('invalid opcode: INVALID'),
    );
  });

  it('error: a top-level transfer short of balance is geth’s insufficient funds for transfer', () => {
    expect(() => assertExecuted({ vmError: 'insufficient balance for transfer', ret: '0x' })).toThrow(
      new InvalidInputError('insufficient funds for transfer'),
    );
  });
});

describe(toCallError.name, () => {
  it('default: an engine refusal is -32000 in the engine’s own words', () => {
    const refused = new AbciQueryError(
      '/ethermint.evm.v1.Query/EstimateGas',
      18,
      'sdk',
      'gas required exceeds allowance (25000000): invalid request',
    );
    expect(toCallError(refused)).toEqual(new InvalidInputError('gas required exceeds allowance (25000000)'));
  });

  it('behavior: the gRPC status wrapping is dropped', () => {
    expect(
      engineCallText('rpc error: code = Internal desc = execution aborted (timeout = 5s): unknown request'),
    ).toBe('execution aborted (timeout = 5s)');
  });

  it('error: EstimateGas refusing a transfer short of balance is geth’s insufficient funds for transfer', () => {
    const refused = new AbciQueryError(
      '/ethermint.evm.v1.Query/EstimateGas',
      18,
      'sdk',
      'insufficient balance for transfer: invalid request',
    );
    expect(toCallError(refused)).toEqual(new InvalidInputError('insufficient funds for transfer'));
  });

  it('behavior: an unavailable engine passes unchanged', () => {
    const down = new EngineUnavailableError('abci_query', 'connect ECONNREFUSED', 'connection');
    expect(toCallError(down)).toBe(down);
  });
});
