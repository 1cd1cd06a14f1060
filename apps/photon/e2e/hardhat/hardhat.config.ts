// A Hardhat 2 project that uses Photon as an ordinary remote network, as a dApp team would: it
// compiles libs/testing/contracts with the workspace's solc-js (see local-solc.ts), deploys and calls
// PhotonToken with `hardhat run scripts/deploy.ts`, and runs `hardhat test` (mocha + chai through
// @nomicfoundation/hardhat-ethers) against the tier. apps/photon/e2e/hardhat.e2e-spec.ts drives it.
import '@nomicfoundation/hardhat-ethers';
import { TASK_COMPILE_SOLIDITY_GET_SOURCE_PATHS } from 'hardhat/builtin-tasks/task-names';
import { type HardhatUserConfig, subtask } from 'hardhat/config';
import { join, sep } from 'node:path';

import { LOCAL_SOLC_VERSION } from './local-solc';
import { OUT_DIR } from './out-dir';

/** Four levels up from apps/photon/e2e/hardhat: Hardhat names sources relative to its root. */
const WORKSPACE_ROOT = join(__dirname, '..', '..', '..', '..');

// libs/testing/contracts/ethermint holds Ethermint's own test contracts, compiled by their own script at
// the solc versions their Hardhat config names (0.8.10 and 0.8.21): this project compiles PhotonToken only.
subtask(TASK_COMPILE_SOLIDITY_GET_SOURCE_PATHS).setAction(async (_args, _env, runSuper) =>
  ((await runSuper()) as string[]).filter((path) => !path.includes(`${sep}contracts${sep}ethermint${sep}`)),
);

const config: HardhatUserConfig = {
  defaultNetwork: 'photon',
  networks: {
    photon: {
      // Photon's gateway; the default is `photon start`'s default --laddr.
      url: process.env.PHOTON_RPC_URL ?? 'http://127.0.0.1:8545',
      chainId: 9000,
      // The devnet's documented development mnemonic (Hardhat's and Anvil's default too): accounts 0–9
      // are funded at genesis. Public test keys, never real ones.
      accounts: { mnemonic: 'test test test test test test test test test test test junk', count: 10 },
    },
  },
  solidity: {
    version: LOCAL_SOLC_VERSION,
    // As `pnpm contracts` compiles them (libs/testing/scripts/compile-contracts.ts).
    settings: { evmVersion: 'cancun', optimizer: { enabled: true, runs: 200 } },
  },
  paths: {
    root: WORKSPACE_ROOT,
    sources: join(WORKSPACE_ROOT, 'libs', 'testing', 'contracts'),
    tests: join(__dirname, 'test'),
    cache: join(OUT_DIR, 'cache'),
    artifacts: join(OUT_DIR, 'artifacts'),
  },
  mocha: { timeout: 30_000 },
};

export default config;
