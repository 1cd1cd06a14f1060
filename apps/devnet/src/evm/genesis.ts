// The devnet's genesis: chain ids, the ten funded dev accounts of a public mnemonic, and the banner
// printed at start. DEVELOPMENT ONLY: the mnemonic is Hardhat's and Anvil's, known to everybody.
import { HDNodeWallet } from 'ethers';
import type { Hex } from './types';

/** Cosmos chain-id `name_<eip155>-<epoch>`. */
export const PHOTON_CHAIN_ID = 'photon_9000-1';
/** EIP-155 chain id (`eth_chainId` 0x2328). */
export const PHOTON_EIP155_CHAIN_ID = 9000n;
/** The EVM denom (18 decimals): 1 photon = 10^18 aphoton. */
export const EVM_DENOM = 'aphoton';
export const PHOTON = 10n ** 18n;

/**
 * The well-known Hardhat/Anvil development mnemonic. Every key derived from it is public:
 * funds sent to these addresses on any real network are taken within seconds.
 */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
/** BIP-44 Ethereum path; account i is `${DEV_DERIVATION_PATH}/${i}`. */
export const DEV_DERIVATION_PATH = "m/44'/60'/0'/0";
export const DEV_ACCOUNT_COUNT = 10;
/** 1,000,000 photon each. */
export const DEV_ACCOUNT_BALANCE = 1_000_000n * PHOTON;

export interface DevAccount {
  index: number;
  /** EIP-55 checksummed. */
  address: Hex;
  privateKey: Hex;
  path: string;
}

/** One genesis account; code and storage let a genesis carry predeployed contracts. */
export interface GenesisAccount {
  address: Hex;
  balance: bigint;
  nonce?: bigint;
  code?: Uint8Array;
  /** 32-byte slot → 32-byte value, both 0x hex. */
  storage?: Record<Hex, Hex>;
}

export interface EvmGenesis {
  /** Unix seconds; the timestamp of height 0. */
  timestamp: number;
  accounts: GenesisAccount[];
}

let devAccountsCache: DevAccount[] | undefined;

/** The ten dev accounts (derived once: the seed derivation costs ~100 ms). */
export function devAccounts(): DevAccount[] {
  if (devAccountsCache === undefined) {
    const parent = HDNodeWallet.fromPhrase(DEV_MNEMONIC, '', DEV_DERIVATION_PATH);
    devAccountsCache = Array.from({ length: DEV_ACCOUNT_COUNT }, (_, index) => {
      const wallet = parent.deriveChild(index);
      return {
        index,
        address: wallet.address as Hex,
        privateKey: wallet.privateKey as Hex,
        path: `${DEV_DERIVATION_PATH}/${index}`,
      };
    });
  }
  return devAccountsCache.map((account) => ({ ...account }));
}

/** The default genesis: every dev account funded with 1,000,000 photon. */
export function devGenesis(timestamp = Math.floor(Date.now() / 1000)): EvmGenesis {
  return {
    timestamp,
    accounts: devAccounts().map((account) => ({ address: account.address, balance: DEV_ACCOUNT_BALANCE })),
  };
}

/** Formats aphoton as photon for humans (whole part only when there is no fraction). */
export function formatPhoton(aphoton: bigint): string {
  const whole = aphoton / PHOTON;
  const fraction = aphoton % PHOTON;
  if (fraction === 0n) return whole.toString();
  return `${whole}.${fraction.toString().padStart(18, '0').replace(/0+$/, '')}`;
}

/** The start-up listing, in the style of Hardhat's and Anvil's, with a loud development-only warning. */
export function devAccountsBanner(): string {
  const accounts = devAccounts();
  const rule = '=================='; // same width as Anvil's
  const warning = [
    '!!! DEVELOPMENT ONLY !!! These accounts and their private keys are publicly known.',
    'Any funds sent to them on Mainnet or any other live network WILL BE LOST.',
  ];
  return [
    ...warning,
    '',
    'Available Accounts',
    rule,
    ...accounts.map((a) => `(${a.index}) ${a.address} (${formatPhoton(DEV_ACCOUNT_BALANCE)} photon)`),
    '',
    'Private Keys',
    rule,
    ...accounts.map((a) => `(${a.index}) ${a.privateKey}`),
    '',
    'Wallet',
    rule,
    `Mnemonic:          ${DEV_MNEMONIC}`,
    `Derivation path:   ${DEV_DERIVATION_PATH}/`,
    `Chain id:          ${PHOTON_CHAIN_ID} (EIP-155 ${PHOTON_EIP155_CHAIN_ID})`,
    '',
    ...warning,
  ].join('\n');
}
