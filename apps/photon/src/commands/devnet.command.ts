// `photon devnet`: the single-validator CometBFT 0.38 + Ethermint EVM chain alone, for a cluster
// (or any CometBFT client) to point --node at.
import type { DevnetConfig } from '@photon/config';
import { type DataDirState, Devnet, devAccountsBanner } from '@photon/devnet';
import type { DevnetThreadOptions } from '../embedded-devnet/devnet-thread-protocol';
import type { PhotonLogger } from '../photon-logger';
import { closeOnSignal } from '../running-process';

type DevnetSettings = Omit<DevnetConfig, 'logLevel' | 'logFormat' | 'quiet'>;

function dataDirLine({ path, restoredHeight, discardedBytes }: DataDirState, startMs: number): string {
  const resumed = restoredHeight === 0n ? 'a new chain' : `resumed at height ${restoredHeight}`;
  const torn = discardedBytes === 0 ? '' : `, cut off ${discardedBytes} bytes of a block torn by a crash`;
  return `photon devnet: chain kept in ${path} (${resumed}${torn}; started in ${Math.round(startMs)} ms)`;
}

/** The devnet's options from the command's configuration. */
export function devnetOptions(config: DevnetSettings): DevnetThreadOptions {
  return {
    chainId: config.chainId.cosmos,
    eip155ChainId: config.chainId.eip155,
    host: config.devnetLaddr.host,
    port: config.devnetLaddr.port,
    blockTimeMs: config.blockTimeMs,
    allowUnprotectedTxs: config.allowUnprotectedTxs,
    dataDir: config.dataDir ?? undefined,
  };
}

/** The lines a started devnet announces: the dev accounts (unless quiet), its data dir and its RPC. */
export function announceDevnet(
  devnet: { rpcUrl: string; dataDir: DataDirState | undefined },
  config: DevnetSettings,
  quiet: boolean,
  startMs: number,
  logger: PhotonLogger,
): void {
  if (!quiet) logger.announce(devAccountsBanner());
  if (devnet.dataDir !== undefined) logger.announce(dataDirLine(devnet.dataDir, startMs));
  logger.announce(
    `photon devnet: CometBFT RPC on ${devnet.rpcUrl} (chain id ${config.chainId.cosmos}, a block every ${config.blockTimeMs} ms)`,
  );
}

export async function devnetCommand(config: DevnetConfig, logger: PhotonLogger): Promise<void> {
  const started = performance.now();
  const devnet = await Devnet.start({
    ...devnetOptions(config),
    onError: (error) => logger.error(`photon devnet: block production failed: ${String(error)}`),
  });
  announceDevnet(devnet, config, config.quiet, performance.now() - started, logger);
  closeOnSignal([() => devnet.stop()], logger);
}
