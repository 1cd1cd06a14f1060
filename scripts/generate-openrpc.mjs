// Writes docs/openrpc.json from the built method table (STYLE.md habit 13): `pnpm openrpc`. It is the
// document rpc.discover serves on a listener exposing every namespace (photonOpenRpcDocument, one source).
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { photonOpenRpcDocument, serializeOpenRpcDocument } = createRequire(import.meta.url)(
  join(root, 'libs/types/dist/index.js'),
);
const target = join(root, 'docs', 'openrpc.json');
writeFileSync(target, serializeOpenRpcDocument(photonOpenRpcDocument()));
console.log(`wrote ${target}`);
