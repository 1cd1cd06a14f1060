// The devnet app: a single-validator CometBFT 0.38 + Ethermint EVM chain. Services never import
// it; only the CLI starts it, and everything else reaches it over the wire.
export { Devnet } from './devnet';
export type { DataDirState, DevnetOptions } from './devnet';
export { DataDirError } from './persistence';
export { devAccounts, devAccountsBanner, DEV_MNEMONIC, EVM_DENOM } from './evm';
