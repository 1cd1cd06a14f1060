#!/usr/bin/env node
// `photon`'s entry point. It runs the bundle (dist/photon.js, made by scripts/bundle.mjs) with a V8 code
// cache: a replica restarted after a crash then serves in about 0.4 s instead of 1 s, most of which went to
// finding and compiling modules (the keystore replacements of the chaos run waited 4 s on a busy host).
// Without a bundle (a plain `tsc -b`), it runs main.js as before.
//
// The cache is one file per role, Node version and bundle build, written once the process has run for
// CACHE_AFTER_MS (by then the start's functions are compiled, so the cache holds them). It lives in a
// directory only this user can write: cached code is run as is, so a file another user could plant there
// would be code run as Photon. PHOTON_CODE_CACHE=off turns it off; PHOTON_CODE_CACHE_DIR moves it
// (default: <tmpdir>/photon-code-cache-<uid>). A directory that cannot be made or trusted means no cache,
// never a failed start. NODE_DEBUG=photon-code-cache says what it did.
import {
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { debuglog } from 'node:util';
import { Script } from 'node:vm';

const BUNDLE = join(__dirname, 'photon.js');
const CACHE_AFTER_MS = 10_000;
const debug = debuglog('photon-code-cache');
/** The role (the command), which names its cache: each role compiles different code. */
const ROLE = /^[a-z][a-z-]{0,31}$/.test(process.argv[2] ?? '') ? process.argv[2]! : 'cli';

interface BundleBuild {
  readonly size: number;
  readonly mtimeMs: number;
}

/** The bundle's size and mtime (what tells its builds apart), or undefined when there is no bundle. */
function bundleBuild(): BundleBuild | undefined {
  try {
    return statSync(BUNDLE);
  } catch {
    return undefined;
  }
}

/** The directory for cache files, made if missing; undefined when off or not safely ours. */
function cacheDir(): string | undefined {
  if (process.env['PHOTON_CODE_CACHE'] === 'off') return undefined;
  const uid = process.getuid?.();
  const dir = process.env['PHOTON_CODE_CACHE_DIR'] || join(tmpdir(), `photon-code-cache-${uid ?? 'user'}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = lstatSync(dir);
    const ours = stat.isDirectory() && (uid === undefined || stat.uid === uid) && (stat.mode & 0o022) === 0;
    if (!ours) debug('%s is not a directory only this user can write: no code cache', dir);
    return ours ? dir : undefined;
  } catch (error) {
    debug('no code cache: %s', error instanceof Error ? error.message : String(error));
    return undefined;
  }
}

/** The cache file for this role and this build of the bundle (a rebuilt bundle has a new mtime). */
function cacheFile(dir: string, build: BundleBuild): string {
  return join(dir, `${ROLE}-${process.version}-${build.size}-${Math.trunc(build.mtimeMs)}.cache`);
}

function readCache(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Writes the cache beside its final name, then renames it: a reader never sees half a file. */
function writeCache(file: string, script: Script): void {
  const partial = `${file}.${process.pid}`;
  try {
    const began = process.hrtime.bigint();
    writeFileSync(partial, script.createCachedData(), { mode: 0o600 });
    renameSync(partial, file);
    debug('wrote %s in %d ms', file, Number(process.hrtime.bigint() - began) / 1e6);
    removeOlderBuilds(file);
  } catch (error) {
    debug('could not write %s: %s', file, error instanceof Error ? error.message : String(error));
  }
}

/** Removes this role's caches of other bundles or Node versions: each build would otherwise leave one. */
function removeOlderBuilds(file: string): void {
  const dir = dirname(file);
  for (const name of readdirSync(dir))
    if (name.startsWith(`${ROLE}-v`) && name.endsWith('.cache') && name !== basename(file)) {
      try {
        unlinkSync(join(dir, name));
      } catch {
        // Removed by another replica meanwhile.
      }
    }
}

function runBundle(build: BundleBuild): void {
  const source = readFileSync(BUNDLE, 'utf8').replace(/^#!.*/, '');
  const dir = cacheDir();
  const file = dir === undefined ? undefined : cacheFile(dir, build);
  const cached = file === undefined ? undefined : readCache(file);
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: BUNDLE,
    ...(cached === undefined ? {} : { cachedData: cached }),
  });
  const used = cached !== undefined && !script.cachedDataRejected;
  debug(used ? 'using %s' : 'no usable cache at %s', file);
  if (file !== undefined && !used) setTimeout(() => writeCache(file, script), CACHE_AFTER_MS).unref();
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  const module = { exports: {} };
  run.call(module.exports, module.exports, createRequire(BUNDLE), module, BUNDLE, dirname(BUNDLE));
}

const build = bundleBuild();
if (build === undefined) void import('./main.js');
else runBundle(build);
