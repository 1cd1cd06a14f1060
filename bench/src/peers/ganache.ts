// ganache 7 (JavaScript EVM behind a uWebSockets HTTP server), its CLI run with node. Its EVM stops at
// shanghai, so it gets PhotonToken compiled for shanghai (shanghai-token.ts).
import { CHAIN_ID } from '../bench-chain';
import { signedShanghaiDeploy } from './shanghai-token';
import { type Peer } from './start-peer';

export const GANACHE: Peer = {
  command: (port) => ({
    file: process.execPath,
    args: [
      require.resolve('ganache/dist/node/cli.js'),
      '--server.host',
      '127.0.0.1',
      '--server.port',
      String(port),
      '--chain.chainId',
      String(CHAIN_ID),
      '--logging.quiet',
    ],
  }),
  dialect: {
    setBalanceMethod: 'evm_setAccountBalance',
    mineMethod: 'evm_mine',
    mineParams: (blocks) => [{ blocks: Number(blocks) }],
  },
  readyTimeoutMs: 30_000,
  signedDeploy: signedShanghaiDeploy,
};
