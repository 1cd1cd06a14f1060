// The four accounts of crypto-org-chain/ethermint's integration tests (utils.py ACCOUNTS), derived
// from the public test mnemonics of their scripts/env exactly as eth_account's from_mnemonic does
// (m/44'/60'/0'/0/0), and derive_new_account's extra accounts of the community mnemonic.
// DEVELOPMENT ONLY: every key here is published in that repository.
import { HDNodeWallet, Wallet } from 'ethers';
import { randomInt } from 'node:crypto';

export type AccountName = 'validator' | 'community' | 'signer1' | 'signer2';

const MNEMONICS: Record<AccountName, string> = {
  validator:
    'visit craft resemble online window solution west chuckle music diesel vital settle comic tribe project blame bulb armed flower region sausage mercy arrive release',
  community:
    'notable error gospel wave pair ugly measure elite toddler cost various fly make eye ketchup despair slab throw tribe swarm word fruit into inmate',
  signer1:
    'shed crumble dismiss loyal latin million oblige gesture shrug still oxygen custom remove ribbon disorder palace addict again blanket sad flock consider obey popular',
  signer2:
    'night renew tonight dinner shaft scheme domain oppose echo summer broccoli agent face guitar surface belt veteran siren poem alcohol menu custom crunch index',
};

/** Their genesis balances in aphoton (configs/default.jsonnet): the validator's before staking. */
export const GENESIS_BALANCES: Record<AccountName, bigint> = {
  validator: 10_000n * 10n ** 18n,
  community: 10_000n * 10n ** 18n,
  signer1: 20_000n * 10n ** 18n,
  signer2: 30_000n * 10n ** 18n,
};

function fromMnemonic(mnemonic: string, index = 0): Wallet {
  const node = HDNodeWallet.fromPhrase(mnemonic, undefined, `m/44'/60'/0'/0/${index}`);
  return new Wallet(node.privateKey);
}

export const ACCOUNT_NAMES: readonly AccountName[] = ['validator', 'community', 'signer1', 'signer2'];

/** ACCOUNTS of utils.py. */
export const ACCOUNTS: Record<AccountName, Wallet> = {
  validator: fromMnemonic(MNEMONICS.validator),
  community: fromMnemonic(MNEMONICS.community),
  signer1: fromMnemonic(MNEMONICS.signer1),
  signer2: fromMnemonic(MNEMONICS.signer2),
};

/** ADDRS of utils.py: checksummed, as eth_account gives them. */
export const ADDRS: Record<AccountName, string> = {
  validator: ACCOUNTS.validator.address,
  community: ACCOUNTS.community.address,
  signer1: ACCOUNTS.signer1.address,
  signer2: ACCOUNTS.signer2.address,
};

/** derive_new_account(n): account n of the community mnemonic. */
export function deriveNewAccount(n = 1): Wallet {
  return fromMnemonic(MNEMONICS.community, n);
}

/** derive_random_account(): one of the community mnemonic's accounts 1..10000. */
export function deriveRandomAccount(): Wallet {
  return deriveNewAccount(randomInt(10_000) + 1);
}
