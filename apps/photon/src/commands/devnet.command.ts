// `photon devnet`: the single-validator CometBFT 0.38 + Ethermint EVM chain alone, for a cluster
// (or any CometBFT client) to point --node at.
import type { DevnetConfig } from '@photon/config';
import { type DataDirState, Devnet, devAccountsBanner } from '@photon/devnet';
import type { PhotonLogger } from '../photon-logger';
import { closeOnSignal } from '../running-process';

function dataDirLine({ path, restoredHeight, discardedBytes }: DataDirState, startMs: number): string {
  const resumed = restoredHeight === 0n ? 'a new chain' : `resumed at height ${restoredHeight}`;
  const torn = discardedBytes === 0 ? '' : `, cut off ${discardedBytes} bytes of a block torn by a crash`;
  return `photon devnet: chain kept in ${path} (${resumed}${torn}; started in ${Math.round(startMs)} ms)`;
}

export async function startDevnet(
  config: Omit<DevnetConfig, 'logLevel' | 'logFormat' | 'quiet'>,
  quiet: boolean,
  logger: PhotonLogger,
): Promise<Devnet> {
  const started = performance.now();
  const devnet = await Devnet.start({
    chainId: config.chainId.cosmos,
    eip155ChainId: config.chainId.eip155,
    host: config.devnetLaddr.host,
    port: config.devnetLaddr.port,
    blockTimeMs: config.blockTimeMs,
    allowUnprotectedTxs: config.allowUnprotectedTxs,
    dataDir: config.dataDir ?? undefined,
    onError: (error) => logger.error(`photon devnet: block production failed: ${String(error)}`),
  });
  if (!quiet) logger.announce(devAccountsBanner());
  const startMs = performance.now() - started;
  if (devnet.dataDir !== undefined) logger.announce(dataDirLine(devnet.dataDir, startMs));
  logger.announce(
    `photon devnet: CometBFT RPC on ${devnet.rpcUrl} (chain id ${config.chainId.cosmos}, a block every ${config.blockTimeMs} ms)`,
  );
  return devnet;
}

export async function devnetCommand(config: DevnetConfig, logger: PhotonLogger): Promise<void> {
  const devnet = await startDevnet(config, config.quiet, logger);
  closeOnSignal([() => devnet.stop()], logger);
}
