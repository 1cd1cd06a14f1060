// Derives the CometBFT 0.37 shape of a recorded 0.34 `block_results` fixture: 0.37 writes event attributes as
// plain strings where 0.34 wrote base64, and Go's encoding/json replaces bytes that are not UTF-8 (Ethermint's
// raw block bloom) with U+FFFD. Nothing else changed between the two for block_results.
//
//   node libs/engine-client/scripts/derive-comet037-fixture.mjs cronos-testnet-5168311
//
// reads  src/testing/fixtures/<name>/block_results.json
// writes src/testing/fixtures/comet-0.37-<name>/block_results.json
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'testing', 'fixtures');
const name = process.argv[2];
if (name === undefined) throw new Error('usage: derive-comet037-fixture.mjs <fixture-name>');

const utf8 = new TextDecoder('utf-8');
const plain = (base64) => (base64 === null ? '' : utf8.decode(Buffer.from(base64, 'base64')));
const decodeEvents = (events) =>
  (events ?? []).map((event) => ({
    type: event.type,
    attributes: event.attributes.map((a) => ({ key: plain(a.key), value: plain(a.value), index: a.index })),
  }));

const recorded = JSON.parse(readFileSync(join(fixtures, name, 'block_results.json'), 'utf8'));
const result = recorded.result;
const derived = {
  ...recorded,
  result: {
    ...result,
    txs_results: result.txs_results.map((tx) => ({ ...tx, events: decodeEvents(tx.events) })),
    begin_block_events: decodeEvents(result.begin_block_events),
    end_block_events: decodeEvents(result.end_block_events),
  },
};
const target = join(fixtures, `comet-0.37-${name}`, 'block_results.json');
mkdirSync(dirname(target), { recursive: true });
// Written as the repository's prettier formats it, so `prettier --check` stays clean.
const prettier = createRequire(import.meta.url)('prettier');
const options = (await prettier.resolveConfig(target)) ?? {};
writeFileSync(target, await prettier.format(JSON.stringify(derived), { ...options, filepath: target }));
console.log(`wrote ${target}`);
