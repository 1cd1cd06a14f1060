// Golden files: every served eth_/net_/web3_ method's answers on a reproducible chain, replayed
// against `photon start` (in this process) and compared exactly, up to the key order of JSON objects.
// `pnpm golden:record` runs this file with GOLDEN_RECORD=1 to write the files again instead.
import { METHOD_TABLE } from '@photon/types';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestTier, startTestTier } from './in-process-app';
import { type GoldenCase, goldenCases } from './golden-cases';
import { GOLDEN_BLOCK_TIME, GOLDEN_DEVNET, type GoldenChain, buildGoldenChain } from './golden-chain';
import { formatGoldenFile, parseGoldenFile } from './golden-io';
import { runExchanges } from './golden-runner';

jest.setTimeout(60_000);

const GOLDEN_DIR = join(__dirname, 'golden');
const recording = process.env['GOLDEN_RECORD'] === '1';

/** `<method>/<case>.io` of every file, in the order record and replay both run them. */
function goldenFiles(): string[] {
  return readdirSync(GOLDEN_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) =>
      readdirSync(join(GOLDEN_DIR, dir.name))
        .filter((name) => name.endsWith('.io'))
        .map((name) => `${dir.name}/${name}`),
    )
    .sort();
}

const pathOf = (one: GoldenCase): string => `${one.method}/${one.name}.io`;

/** A JSON-RPC request as execution-apis writes them. */
const request = (id: number, method: string, params: unknown) =>
  params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };

describe('golden files', () => {
  let tier: TestTier | undefined;
  let chain: GoldenChain;
  const keystoreDir = mkdtempSync(join(tmpdir(), 'photon-golden-'));

  beforeAll(async () => {
    tier = await startTestTier(
      ['--keystore-dir', keystoreDir, '--block-time', GOLDEN_BLOCK_TIME, '--rpc-api', 'web3,net,eth,debug'],
      '127.0.0.1',
      GOLDEN_DEVNET,
    );
    chain = await buildGoldenChain(tier);
  });
  afterAll(async () => {
    await tier?.close();
    rmSync(keystoreDir, { recursive: true, force: true });
  });

  if (recording) {
    it('records every case', async () => {
      for (const entry of readdirSync(GOLDEN_DIR, { withFileTypes: true })) {
        if (entry.isDirectory()) rmSync(join(GOLDEN_DIR, entry.name), { recursive: true });
      }
      const cases = (await goldenCases(chain)).sort((a, b) => (pathOf(a) < pathOf(b) ? -1 : 1));
      for (const one of cases) {
        const requests = one.calls.map((call, index) => request(index + 1, call.method, call.params));
        const exchanges = await runExchanges(tier!.httpUrl, requests);
        mkdirSync(join(GOLDEN_DIR, one.method), { recursive: true });
        writeFileSync(
          join(GOLDEN_DIR, one.method, `${one.name}.io`),
          formatGoldenFile({ comments: [one.comment], exchanges }),
        );
      }
      expect(goldenFiles()).toHaveLength(cases.length);
    });
    return;
  }

  it.each(goldenFiles())('replays %s', async (path) => {
    const file = parseGoldenFile(readFileSync(join(GOLDEN_DIR, path), 'utf8'), path);
    const actual = await runExchanges(
      tier!.httpUrl,
      file.exchanges.map((exchange) => exchange.request),
    );
    // toStrictEqual on parsed JSON: the same values and types, whatever the key order.
    expect(actual.map((exchange) => exchange.response)).toStrictEqual(
      file.exchanges.map((exchange) => exchange.response),
    );
  });

  it('default: the files are the cases of golden-cases.ts, as last recorded', async () => {
    // A case changed or added without `pnpm golden:record` fails here rather than going unnoticed.
    const recorded = goldenFiles().map((path) => {
      const file = parseGoldenFile(readFileSync(join(GOLDEN_DIR, path), 'utf8'), path);
      return { path, comments: file.comments, requests: file.exchanges.map((e) => e.request) };
    });
    const cases = (await goldenCases(chain)).map((one) => ({
      path: pathOf(one),
      comments: [one.comment],
      requests: one.calls.map((call, index) => request(index + 1, call.method, call.params)),
    }));
    expect(recorded).toStrictEqual(cases.sort((a, b) => (a.path < b.path ? -1 : 1)));
  });

  it('coverage: every served eth_, net_ and web3_ method has a golden file', () => {
    const covered = new Set(goldenFiles().map((path) => path.split('/')[0]));
    const served = METHOD_TABLE.filter(
      (row) => row.service !== 'none' && /^(eth|net|web3)_/.test(row.method),
    ).map((row) => row.method);
    expect(served.filter((method) => !covered.has(method))).toEqual([]);
  });
});
