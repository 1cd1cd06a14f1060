// Unit tests for how each peer is started and seeded (starting them is the bench's job, not CI's).
import { ANVIL } from './anvil';
import { GANACHE } from './ganache';
import { HARDHAT } from './hardhat';

describe('peers', () => {
  it('default: each listens on 127.0.0.1 at the given port', () => {
    for (const peer of [ANVIL, HARDHAT, GANACHE]) {
      const args = peer.command(8555).args.join(' ');
      expect(args).toContain('127.0.0.1');
      expect(args).toContain('8555');
    }
  });

  it('behavior: anvil and ganache get chain id 9000 on the command line (hardhat from its config)', () => {
    expect(ANVIL.command(1).args.join(' ')).toContain('--chain-id 9000');
    expect(GANACHE.command(1).args.join(' ')).toContain('--chain.chainId 9000');
    expect(HARDHAT.command(1).args).toContain('--config');
  });

  it('behavior: each mines n blocks in one call of its own cheat code', () => {
    expect([ANVIL, HARDHAT, GANACHE].map((p) => [p.dialect.mineMethod, p.dialect.mineParams(1000n)])).toEqual(
      [
        ['anvil_mine', ['0x3e8']],
        ['hardhat_mine', ['0x3e8']],
        ['evm_mine', [{ blocks: 1000 }]],
      ],
    );
    expect([ANVIL, HARDHAT, GANACHE].map((p) => p.dialect.setBalanceMethod)).toEqual([
      'anvil_setBalance',
      'hardhat_setBalance',
      'evm_setAccountBalance',
    ]);
  });

  it('behavior: only ganache deploys its own (shanghai) build of the token', () => {
    expect([ANVIL, HARDHAT, GANACHE].map((p) => p.signedDeploy !== undefined)).toEqual([false, false, true]);
  });
});
