import {
  DEV_ACCOUNT_BALANCE,
  DEV_MNEMONIC,
  devAccounts,
  devAccountsBanner,
  devGenesis,
  formatPhoton,
  PHOTON_CHAIN_ID,
  PHOTON_EIP155_CHAIN_ID,
} from './genesis';

describe('genesis', () => {
  it('default', () => {
    const accounts = devAccounts();
    expect(accounts).toHaveLength(10);
    // Hardhat's and Anvil's first and last accounts for this mnemonic.
    expect(accounts[0]).toEqual({
      index: 0,
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
      path: "m/44'/60'/0'/0/0",
    });
    expect(accounts[9]?.address).toBe('0xa0Ee7A142d267C1f36714E4a8F75612F20a79720');
    expect(DEV_MNEMONIC).toBe('test test test test test test test test test test test junk');
    expect(PHOTON_CHAIN_ID).toBe('photon_9000-1');
    expect(PHOTON_EIP155_CHAIN_ID).toBe(9000n);
  });

  it('behavior: the genesis funds every dev account with 1,000,000 photon', () => {
    const genesis = devGenesis(1_700_000_000);
    expect(genesis.timestamp).toBe(1_700_000_000);
    expect(genesis.accounts.map((a) => a.address)).toEqual(devAccounts().map((a) => a.address));
    expect(genesis.accounts.every((a) => a.balance === 1_000_000n * 10n ** 18n)).toBe(true);
    expect(DEV_ACCOUNT_BALANCE).toBe(10n ** 24n);
  });

  it('behavior: the banner lists addresses and keys between loud development-only warnings', () => {
    const banner = devAccountsBanner();
    for (const account of devAccounts()) {
      expect(banner).toContain(`(${account.index}) ${account.address} (1000000 photon)`);
      expect(banner).toContain(`(${account.index}) ${account.privateKey}`);
    }
    const lines = banner.split('\n');
    expect(lines[0]).toContain('DEVELOPMENT ONLY');
    expect(lines.at(-2)).toContain('DEVELOPMENT ONLY');
    expect(banner).toContain('WILL BE LOST');
    expect(banner).toContain(`Mnemonic:          ${DEV_MNEMONIC}`);
  });

  it('behavior: devAccounts returns copies', () => {
    const first = devAccounts();
    (first[0] as { address: string }).address = '0x0';
    expect(devAccounts()[0]?.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  });

  it('behavior: photon amounts print without trailing zeros', () => {
    expect(formatPhoton(10n ** 24n)).toBe('1000000');
    expect(formatPhoton(1_500_000_000_000_000_000n)).toBe('1.5');
    expect(formatPhoton(1n)).toBe('0.000000000000000001');
  });
});
