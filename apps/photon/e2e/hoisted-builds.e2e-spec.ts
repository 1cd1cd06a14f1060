// The installed tree `./photon` and `.ci/run` make with `pnpm install` (nodeLinker: hoisted): no package that
// goes through pnpm's build step sits in more than one place. pnpm 10 copies such a package to its other
// hoisted locations on a worker thread, resolving them against a cwd that applying our patches switches on
// the main thread (pnpm/pnpm#13627), so a second location made fresh installs fail now and then with
// ENOENT renaming a `_tmp_` directory. pnpm-workspace.yaml's overrides keep each such package in one place.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { workspaceRoot } from '@photon/testing';
import { parse } from 'yaml';

const ROOT = workspaceRoot();
/** Scripts that make pnpm build a package (whether or not it is allowed to run them). */
const BUILD_SCRIPTS = ['preinstall', 'install', 'postinstall'];

interface ModulesFile {
  hoistedLocations?: Record<string, string[]>;
}

interface PackageJson {
  scripts?: Record<string, string>;
}

const readYaml = <T>(path: string): T => parse(readFileSync(path, 'utf8')) as T;

/** `name@version` of a lockfile dep path such as `ws@8.21.0(bufferutil@4.0.7)`. */
const nameAtVersion = (depPath: string): string => depPath.replace(/\(.*$/, '');

function goesThroughBuild(dir: string, depPath: string, patched: Set<string>): boolean {
  if (patched.has(nameAtVersion(depPath))) return true;
  if (existsSync(join(ROOT, dir, 'binding.gyp'))) return true;
  const { scripts = {} } = readYaml<PackageJson>(join(ROOT, dir, 'package.json'));
  return BUILD_SCRIPTS.some((name) => scripts[name] !== undefined);
}

describe('the hoisted install', () => {
  it('keeps every built or patched package in a single location', () => {
    const workspace = readYaml<{ patchedDependencies?: Record<string, string> }>(
      join(ROOT, 'pnpm-workspace.yaml'),
    );
    const patched = new Set(Object.keys(workspace.patchedDependencies ?? {}));
    const { hoistedLocations = {} } = readYaml<ModulesFile>(join(ROOT, 'node_modules', '.modules.yaml'));
    expect(Object.keys(hoistedLocations).length).toBeGreaterThan(0);

    const repeated = Object.entries(hoistedLocations).filter(
      ([depPath, dirs]) => dirs.length > 1 && goesThroughBuild(dirs[0] ?? '', depPath, patched),
    );
    expect(repeated).toEqual([]);
  });
});
