// The devnet the e2e specs start: chain photon_9000-1 (EIP-155 9000) on a free loopback port, a block every
// 100 ms, pre-EIP-155 txs refused; a spec passes only what it does differently.
import { Devnet, type DevnetOptions } from '../src/devnet';

export function startLoopbackDevnet(overrides: Partial<DevnetOptions> = {}): Promise<Devnet> {
  return Devnet.start({
    chainId: 'photon_9000-1',
    eip155ChainId: 9000n,
    host: '127.0.0.1',
    port: 0,
    blockTimeMs: 100,
    allowUnprotectedTxs: false,
    ...overrides,
  });
}
