// `photon devnet`: the single-validator CometBFT 0.38 + Ethermint EVM chain alone, for a cluster
// (or any CometBFT client) to point --node at.
import type { DevnetConfig } from '@photon/config';
import { Devnet, devAccountsBanner } from '@photon/devnet';
import { closeOnSignal } from '../running-process';

export async function startDevnet(
  config: Omit<DevnetConfig, 'logLevel' | 'quiet'>,
  quiet: boolean,
): Promise<Devnet> {
  const devnet = await Devnet.start({
    chainId: config.chainId.cosmos,
    eip155ChainId: config.chainId.eip155,
    host: config.devnetLaddr.host,
    port: config.devnetLaddr.port,
    blockTimeMs: config.blockTimeMs,
    allowUnprotectedTxs: config.allowUnprotectedTxs,
    onError: (error) => process.stderr.write(`photon devnet: block production failed: ${String(error)}\n`),
  });
  if (!quiet) process.stdout.write(`${devAccountsBanner()}\n`);
  process.stdout.write(
    `photon devnet: CometBFT RPC on ${devnet.rpcUrl} (chain id ${config.chainId.cosmos}, a block every ${config.blockTimeMs} ms)\n`,
  );
  return devnet;
}

export async function devnetCommand(config: DevnetConfig): Promise<void> {
  const devnet = await startDevnet(config, config.quiet);
  closeOnSignal([() => devnet.stop()]);
}
