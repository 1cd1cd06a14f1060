// Every method of the execution-apis document against one `photon start` on a seeded chain: valid
// params answer within the document's result schema, each class of invalid params answers -32602,
// unserved methods -32601, except the deviations listed (with reasons) in conformance/deviations.ts.
// The run renders docs/conformance.md; PHOTON_CONFORMANCE_WRITE=1 (`pnpm conformance`) rewrites it,
// otherwise the committed file must be what this run renders. About 20 s.
import { type InProcessStack, startPhotonStack, workspaceRoot } from '@photon/testing';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { putConformanceChain } from './conformance/conformance-chain';
import { RERUN_COMMAND, renderReport } from './conformance/conformance-report';
import { ERROR_DEVIATIONS, RESULT_DEVIATIONS } from './conformance/deviations';
import { INVALID_CLASSES } from './conformance/invalid-params';
import { type MethodOutcome, runMethod, specMethods } from './conformance/run-conformance';
import { validParams } from './conformance/valid-params';

jest.setTimeout(120_000);

const REPORT = join(workspaceRoot(), 'docs', 'conformance.md');
const DOCUMENT_NOTE =
  '`libs/types/spec/execution-apis.openrpc.json` (ethereum/execution-apis at 033ca6e6, the `eth` namespace)';

describe('conformance to the execution-apis document', () => {
  let stack: InProcessStack;
  const outcomes = new Map<string, MethodOutcome>();
  beforeAll(async () => {
    // personal_ only to import and unlock the key the signing methods use. Blocks of a second, so
    // that each batch of the seeding lands in one block even on a busy machine.
    stack = await startPhotonStack('in-process', {
      blockTimeMs: 1_000,
      readyTimeoutMs: 60_000,
      extraArgs: ['--log-level', 'warn', '--rpc-api', 'web3,eth,net,personal'],
    });
    const valid = validParams(await putConformanceChain(stack.httpUrl, stack.devnetUrl));
    for (const method of specMethods()) {
      outcomes.set(method, await runMethod(stack.httpUrl, method, valid[method] ?? []));
    }
  });
  afterAll(() => stack?.stop());

  it.each(specMethods())('%s', (method) => {
    const outcome = outcomes.get(method);
    if (outcome === undefined) throw new Error(`${method} was not run`);
    if (outcome.unserved !== undefined) {
      expect(outcome.failures).toEqual([]);
      return;
    }
    expect(outcome.validCalls).toBeGreaterThan(0);
    const deviations = RESULT_DEVIATIONS.filter((deviation) => deviation.method === method);
    const unexplained = outcome.failures.filter(
      (failure) => !deviations.some((deviation) => failure.includes(deviation.failing)),
    );
    expect(unexplained).toEqual([]);
    // A listed deviation that no longer occurs is stale.
    for (const deviation of deviations) {
      expect([deviation.failing, outcome.failures.some((f) => f.includes(deviation.failing))]).toEqual([
        deviation.failing,
        true,
      ]);
    }
    for (const kind of INVALID_CLASSES) {
      const code = outcome.invalid[kind];
      if (code === undefined) continue;
      const expected = ERROR_DEVIATIONS.find((d) => d.method === method && d.kind === kind)?.code ?? -32602;
      expect([kind, code]).toEqual([kind, expected]);
    }
  });

  it(`behavior: docs/conformance.md is this run's report (rewrite it with ${RERUN_COMMAND})`, () => {
    // Generated text, so .prettierignore lists it (as docs/openrpc.json).
    const report = renderReport([...outcomes.values()], DOCUMENT_NOTE);
    if (process.env['PHOTON_CONFORMANCE_WRITE'] === '1') writeFileSync(REPORT, report);
    expect(readFileSync(REPORT, 'utf8')).toBe(report);
  });
});
