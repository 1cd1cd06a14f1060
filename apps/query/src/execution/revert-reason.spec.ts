import { AbiCoder, concat, getBytes, id } from 'ethers';
import { revertReason } from './revert-reason';

const abi = AbiCoder.defaultAbiCoder();

describe(revertReason.name, () => {
  it('default: Error(string) gives its text', () => {
    const data = getBytes(
      concat(['0x08c379a0', abi.encode(['string'], ['PhotonToken: insufficient balance'])]),
    );
    expect(revertReason(data)).toBe('PhotonToken: insufficient balance');
  });

  it('args: Panic(uint256) uses geth wording', () => {
    const data = getBytes(concat(['0x4e487b71', abi.encode(['uint256'], [0x11n])]));
    expect(revertReason(data)).toBe('arithmetic underflow or overflow');
  });

  it('behavior: custom errors, empty and malformed payloads have no reason', () => {
    const custom = getBytes(
      concat([id('Unauthorized(address)').slice(0, 10), abi.encode(['address'], [`0x${'aa'.repeat(20)}`])]),
    );
    expect(revertReason(custom)).toBeUndefined();
    expect(revertReason(new Uint8Array())).toBeUndefined();
    expect(revertReason(getBytes('0x08c379a0ff'))).toBeUndefined();
  });
});
