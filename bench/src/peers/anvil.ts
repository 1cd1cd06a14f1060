// anvil (foundry, Rust) from the npm package @foundry-rs/anvil-linux-amd64, whose binary ships inside
// the package; npm here runs no install scripts, so the binary is spawned directly.
import { dirname, join } from 'node:path';

import { toQuantity } from 'ethers';

import { CHAIN_ID } from '../bench-chain';
import { type Peer } from './start-peer';

export const ANVIL: Peer = {
  command: (port) => ({
    file: join(dirname(require.resolve('@foundry-rs/anvil-linux-amd64/package.json')), 'bin', 'anvil'),
    args: ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(CHAIN_ID), '--silent'],
  }),
  dialect: {
    setBalanceMethod: 'anvil_setBalance',
    mineMethod: 'anvil_mine',
    mineParams: (blocks) => [toQuantity(blocks)],
  },
  readyTimeoutMs: 10_000,
};
