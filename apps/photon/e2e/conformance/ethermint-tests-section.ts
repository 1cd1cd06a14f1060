// The "Ethermint's integration tests" section of docs/conformance.md: every test of the upstream files
// ported under apps/photon/e2e/ethermint, with its result as ported (pass, deliberate deviation, failing,
// not applicable) and the reason, read from the ports themselves so the section cannot drift from them.
import { TEST_ACCOUNT } from '../ethermint/test-account';
import { TEST_BATCH } from '../ethermint/test-batch';
import { TEST_BLOCK } from '../ethermint/test-block';
import { TEST_CALL } from '../ethermint/test-call';
import { TEST_DEBUG_TRACEBLOCK } from '../ethermint/test-debug-traceblock';
import { TEST_ESTIMATE_GAS } from '../ethermint/test-estimate-gas';
import { TEST_FEE_HISTORY } from '../ethermint/test-fee-history';
import { TEST_FILTERS } from '../ethermint/test-filters';
import { TEST_GAS } from '../ethermint/test-gas';
import { TEST_PRIORITY } from '../ethermint/test-priority';
import { TEST_STORAGE_PROOF } from '../ethermint/test-storage-proof';
import { TEST_TRACERS } from '../ethermint/test-tracers';
import { TEST_TYPES } from '../ethermint/test-types';
import { TEST_WEBSOCKETS } from '../ethermint/test-websockets';
import type { UpstreamFile } from '../ethermint/upstream-file';

const PORTED: readonly UpstreamFile[] = [
  TEST_ACCOUNT,
  TEST_BATCH,
  TEST_BLOCK,
  TEST_CALL,
  TEST_DEBUG_TRACEBLOCK,
  TEST_ESTIMATE_GAS,
  TEST_FEE_HISTORY,
  TEST_FILTERS,
  TEST_GAS,
  TEST_PRIORITY,
  TEST_STORAGE_PROOF,
  TEST_TRACERS,
  TEST_TYPES,
  TEST_WEBSOCKETS,
];

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function ethermintTestsSection(): string[] {
  const rows: string[] = [];
  const tally = { passes: 0, deviations: 0, failing: 0, notApplicable: 0 };
  for (const file of PORTED) {
    for (const name of Object.keys(file.passes)) {
      tally.passes++;
      rows.push(`| \`${file.file}::${name}\` | pass | |`);
    }
    for (const [name, { why }] of Object.entries(file.deviations)) {
      tally.deviations++;
      rows.push(`| \`${file.file}::${name}\` | deviation | ${cell(why)} |`);
    }
    for (const [name, { failure }] of Object.entries(file.pendingUpstream)) {
      tally.failing++;
      rows.push(`| \`${file.file}::${name}\` | fails | ${cell(failure)} |`);
    }
    for (const [name, why] of Object.entries(file.notApplicable)) {
      tally.notApplicable++;
      rows.push(`| \`${file.file}::${name}\` | not applicable | ${cell(why)} |`);
    }
  }
  const applicable = tally.passes + tally.deviations + tally.failing;
  return [
    "## Ethermint's integration tests",
    '',
    "crypto-org-chain/ethermint's `tests/integration_tests/*.py` (pytest and web3.py against `ethermintd`, with",
    'the values of `expected_constants.py`), the JSON-RPC tests ported to TypeScript under',
    '`apps/photon/e2e/ethermint` and run in `./photon check` against `photon start` with their accounts. A',
    "deviation asserts what Photon deliberately does instead, for the reason given (the folder's README has",
    `the detail). Of ${applicable} applicable tests: ${tally.passes} pass, ${tally.deviations} are deviations,`,
    `${tally.failing} fail; ${tally.notApplicable} do not apply to a JSON-RPC tier.`,
    '',
    '| Test | Result | Why |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ];
}
