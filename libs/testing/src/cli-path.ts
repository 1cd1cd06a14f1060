// Locates the workspace root and the built Photon CLI from this file's own location, so helpers
// work from src (jest) and dist (bench) on any machine.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The nearest ancestor of `from` holding pnpm-workspace.yaml. */
export function workspaceRoot(from: string = __dirname): string {
  let dir = from;
  for (;;) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`workspaceRoot: no pnpm-workspace.yaml above ${from}`);
    dir = parent;
  }
}

/** Absolute path of apps/photon/dist/launcher.js, the CLI as users run it (built by `pnpm build`; not checked to exist). */
export function photonCliPath(): string {
  return join(workspaceRoot(), 'apps', 'photon', 'dist', 'launcher.js');
}
