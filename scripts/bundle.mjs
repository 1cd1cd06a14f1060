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
import { readFile } from 'node:fs/promises';
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

/** tsc's CommonJS output: `"use strict"` and no top-level import or export statement. */
const isCommonJs = (contents) =>
  /^\s*(?:#![^\n]*\n\s*)?["']use strict["']/.test(contents) && !/^\s*(?:import|export)\s/m.test(contents);

/**
 * Refuses a workspace module that is not CommonJS, and gives each one that names __dirname or __filename the
 * values it has in the tsc output: the names are renamed in that module (a `var __dirname` would hide the
 * bundle's own, which the value is made of).
 */
const workspaceDirs = {
  name: 'workspace-dirs',
  setup(context) {
    context.onLoad({ filter: /[/\\](apps|libs)[/\\][^/\\]+[/\\]dist[/\\].*\.js$/ }, async ({ path }) => {
      const contents = await readFile(path, 'utf8');
      if (!isCommonJs(contents)) {
        throw new Error(`${path} is not CommonJS: esbuild could rename its classes (see keepNames below)`);
      }
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

await build({
  entryPoints: [join(outdir, 'main.js')],
  outfile: join(outdir, 'photon.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // No keepNames: esbuild renames only what it hoists into one scope, which is ESM input (rxjs, tslib's and
  // lru-cache's copies: Observable2, __awaiter3, LRUCache2), never a CommonJS module, which keeps its own
  // function scope. Every workspace module is CommonJS (tsc's output; workspaceDirs refuses anything else),
  // so the classes Nest and the logs name keep their names. keepNames wrapped every named function
  // expression in a __name() call made each time it is evaluated, closures inside hot functions included: an
  // eth_blockNumber answered at the edge cost 28 µs of CPU in photon start with it, 20 µs without.
  keepNames: false,
  external: EXTERNAL,
  plugins: [workspaceDirs],
  logLevel: 'warning',
});
