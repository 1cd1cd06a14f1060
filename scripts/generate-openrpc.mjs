// Writes docs/openrpc.json from the built method table (STYLE.md habit 13): `pnpm openrpc`.
// Methods of the execution-apis document beside the project keep that document's schemas.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { PHOTON_VERSION, buildOpenRpcDocument, serializeOpenRpcDocument } = createRequire(import.meta.url)(
  join(root, 'libs/types/dist/index.js'),
);
const reference = JSON.parse(
  readFileSync(join(root, 'libs', 'testing', 'spec', 'execution-apis.openrpc.json'), 'utf8'),
);
const target = join(root, 'docs', 'openrpc.json');
writeFileSync(target, serializeOpenRpcDocument(buildOpenRpcDocument(PHOTON_VERSION, reference)));
console.log(`wrote ${target}`);
