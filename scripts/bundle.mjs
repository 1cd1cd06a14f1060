// Bundles the compiled CLI (apps/photon/dist/main.js, from `tsc -b`) into one file,
// apps/photon/dist/photon.js, that apps/photon/dist/launcher.js runs. Why: a role loads ~1,650 modules,
// and finding, reading and compiling them one by one took most of a replica's start (a keystore replica:
// 1.0 s to serving, 0.45 s of it module resolution, 0.3 s compiling). One file, compiled once with a V8
// code cache (see launcher.ts), serves in about 0.4 s, which is what a replacement replica needs after a
// crash. The tsc output stays as it is: the tests import the sources, and main.js still runs alone.
//
// Left outside the bundle, loaded from node_modules at run time:
// - the optional transports and platforms Nest asks for only when used (not installed);
// - bufferutil and utf-8-validate: they find their native builds from their own directory;
// - @ethereumjs/*: the devnet patches @ethereumjs/evm's interpreter through its file in node_modules
//   (apps/devnet/src/evm/jump-analysis.ts), which must be the copy the devnet runs.
// A workspace file that reads its own directory (__dirname: the .proto files, the OpenRPC document, the
// devnet thread's script) is given the directory it has in the tsc output, relative to the bundle.
import { build } from 'esbuild';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'apps', 'photon', 'dist');

const EXTERNAL = [
  '@fastify/static',
  '@fastify/view',
  '@grpc/grpc-js',
  '@grpc/proto-loader',
  '@nestjs/platform-express',
  '@nestjs/platform-socket.io',
  'amqp-connection-manager',
  'amqplib',
  'kafkajs',
  'mqtt',
  'bufferutil',
  'utf-8-validate',
  '@ethereumjs/*',
];

/**
 * Gives each workspace module that names __dirname or __filename the values it has in the tsc output: the
 * names are renamed in that module (a `var __dirname` would hide the bundle's own, which the value is made of).
 */
const workspaceDirs = {
  name: 'workspace-dirs',
  setup(context) {
    context.onLoad({ filter: /[/\\](apps|libs)[/\\][^/\\]+[/\\]dist[/\\].*\.js$/ }, async ({ path }) => {
      const contents = await readFile(path, 'utf8');
      if (!/\b__(dirname|filename)\b/.test(contents)) return undefined;
      const fromBundle = relative(outdir, path).split('\\').join('/');
      const prelude =
        `var __photonFilename = require('node:path').join(__dirname, ${JSON.stringify(fromBundle)});\n` +
        `var __photonDirname = require('node:path').dirname(__photonFilename);\n`;
      const renamed = contents
        .replace(/\b__dirname\b/g, '__photonDirname')
        .replace(/\b__filename\b/g, '__photonFilename');
      return { contents: prelude + renamed, loader: 'js' };
    });
  },
};

const options = {
  entryPoints: [join(outdir, 'main.js')],
  outfile: join(outdir, 'photon.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // No keepNames: it wrapped every named function expression in a __name() call made each time the
  // expression is evaluated, closures inside hot functions included (an eth_blockNumber answered at the edge
  // cost 28 µs of CPU in photon start with it, 20 µs without). Names stay what they are unless esbuild renames
  // them, which it does to third-party code only (tslib's copies, rxjs: __awaiter3, Observable2), never to a
  // workspace module, whose classes Nest and the logs name: refuseRenamedWorkspaceNames checks it every build.
  keepNames: false,
  external: EXTERNAL,
  plugins: [workspaceDirs],
  logLevel: 'warning',
};
// The bundle is written only when its bytes changed, and whole (renamed into place): a `photon` starting
// meanwhile, as the tests' processes do while `pnpm start` rebuilds, never reads half a file, and an unchanged
// build keeps its mtime, which names the role's code cache (launcher.ts), so the cache stays valid. What is
// written has passed refuseRenamedWorkspaceNames first; an unchanged bundle passed it when it was written.
const [output] = (await build({ ...options, write: false })).outputFiles;
const existing = await readFile(output.path).catch(() => undefined);
if (existing === undefined || !Buffer.from(output.contents).equals(existing)) {
  await refuseRenamedWorkspaceNames(options);
  await writeWhole(output.path, output.contents);
}

/** Writes `contents` beside `path`, then renames it into place. */
async function writeWhole(path, contents) {
  const partial = `${path}.${process.pid}`;
  // esbuild marks a file that starts with a hashbang executable; so does this.
  const hashbang = contents[0] === 0x23 && contents[1] === 0x21;
  await writeFile(partial, contents, { mode: hashbang ? 0o755 : 0o644 });
  await rename(partial, path);
}

/**
 * Fails the build when esbuild renamed a name declared in a workspace module (a class would then be called
 * `EdgeAnswers2` in Nest's contexts and the logs): the same build with keepNames, kept in memory, says what it
 * renamed, as `__name(EdgeAnswers2, "EdgeAnswers")`. A module's code follows its `// apps/…` or `// libs/…` line.
 */
async function refuseRenamedWorkspaceNames(shipped) {
  const { outputFiles } = await build({ ...shipped, keepNames: true, write: false });
  const renamed = [];
  let module = '';
  for (const line of outputFiles[0].text.split('\n')) {
    const marker = /^\/\/ (\S+\.[cm]?js)$/.exec(line);
    if (marker !== null) module = marker[1];
    if (!/^(apps|libs)\//.test(module)) continue;
    for (const [, name, original] of line.matchAll(/__name\(([\w$]+), "([^"]*)"\)/g)) {
      if (name !== original && name !== 'this') renamed.push(`${module}: ${original} is ${name}`);
    }
  }
  if (renamed.length > 0) {
    throw new Error(
      `esbuild renamed names of workspace modules, which keepNames no longer restores:\n${renamed.join('\n')}`,
    );
  }
}
