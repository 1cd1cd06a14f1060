// hardhat 2's node (`hardhat node`, EDR in Rust behind a Node JSON-RPC layer), run with node on its CLI
// and bench/peers/hardhat.config.js, which sets chain id 9000.
import { join } from 'node:path';

import { toQuantity } from 'ethers';

import { type Peer } from './start-peer';

// From bench/dist/peers/ (where this file runs) to bench/peers/.
const CONFIG = join(__dirname, '..', '..', 'peers', 'hardhat.config.js');

export const HARDHAT: Peer = {
  command: (port) => ({
    file: process.execPath,
    args: [
      require.resolve('hardhat/internal/cli/bootstrap.js'),
      '--config',
      CONFIG,
      'node',
      '--hostname',
      '127.0.0.1',
      '--port',
      String(port),
    ],
  }),
  dialect: {
    setBalanceMethod: 'hardhat_setBalance',
    mineMethod: 'hardhat_mine',
    mineParams: (blocks) => [toQuantity(blocks)],
  },
  readyTimeoutMs: 30_000,
};
