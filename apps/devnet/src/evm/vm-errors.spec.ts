import { EVMError } from '@ethereumjs/evm';
import { AbiCoder, getBytes, id } from 'ethers';
import { callErrorMessage, gethVmError, unpackRevertReason } from './vm-errors';

const errorString = (reason: string) =>
  getBytes(
    id('Error(string)').slice(0, 10) + AbiCoder.defaultAbiCoder().encode(['string'], [reason]).slice(2),
  );
const panic = (code: number) =>
  getBytes(
    id('Panic(uint256)').slice(0, 10) + AbiCoder.defaultAbiCoder().encode(['uint256'], [code]).slice(2),
  );

describe(gethVmError.name, () => {
  it('default', () => {
    expect(gethVmError(undefined)).toBe('');
    expect(gethVmError(new EVMError(EVMError.errorMessages.REVERT))).toBe('execution reverted');
    expect(gethVmError(new EVMError(EVMError.errorMessages.OUT_OF_GAS))).toBe('out of gas');
  });

  it('behavior: geth names invalid opcodes', () => {
    const invalid = new EVMError(EVMError.errorMessages.INVALID_OPCODE);
    expect(gethVmError(invalid, 0xfe)).toBe('invalid opcode: INVALID');
    expect(gethVmError(invalid, 0x0c)).toBe('invalid opcode: opcode 0x0c not defined');
    expect(gethVmError(new EVMError(EVMError.errorMessages.INVALID_JUMP))).toBe('invalid jump destination');
    expect(gethVmError(new EVMError(EVMError.errorMessages.STATIC_STATE_CHANGE))).toBe('write protection');
  });
});

describe(callErrorMessage.name, () => {
  it('default', () => {
    expect(callErrorMessage('execution reverted', errorString('nope'))).toBe('execution reverted: nope');
  });

  it('behavior: custom errors and empty data keep the bare text; other errors pass through', () => {
    expect(callErrorMessage('execution reverted', new Uint8Array())).toBe('execution reverted');
    expect(callErrorMessage('execution reverted', getBytes('0x8e4a23d6' + '00'.repeat(32)))).toBe(
      'execution reverted',
    );
    expect(callErrorMessage('out of gas', errorString('ignored'))).toBe('out of gas');
  });

  it('behavior: panics read like geth', () => {
    expect(unpackRevertReason(panic(0x11))).toBe('arithmetic underflow or overflow');
    expect(unpackRevertReason(panic(0x99))).toBe('unknown panic code: 0x99');
  });

  it('error: malformed Error(string) data', () => {
    expect(unpackRevertReason(getBytes('0x08c379a0ffff'))).toBeUndefined();
  });
});
