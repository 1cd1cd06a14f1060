// Spawns the built Photon CLI (`node apps/photon/dist/launcher.js …`, as users run it) as a managed child process.
import { existsSync } from 'node:fs';

import { photonCliPath } from './cli-path';
import { type ManagedProcess, type SpawnOptions, spawnProcess } from './spawn-process';

/** A running `photon …` child. */
export type PhotonProcess = ManagedProcess;

/** Runs `photon <args>` with the current node binary; throws if the CLI has not been built. */
export function spawnPhoton(args: readonly string[], opts: SpawnOptions = {}): PhotonProcess {
  const cli = photonCliPath();
  if (!existsSync(cli)) throw new Error(`spawnPhoton: ${cli} not found; run \`pnpm build\` first`);
  return spawnProcess(process.execPath, [cli, ...args], opts);
}
