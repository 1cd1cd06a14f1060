// One upstream tests/integration_tests/test_*.py file as ported: the tests that pass on Photon today,
// the ones that pass by asserting a behaviour we deliberately keep (with the reason), the faithful
// ports that fail today (kept, NOT run unless PHOTON_ETHERMINT_PENDING=1, with the failure seen), and
// the tests that cannot apply to a JSON-RPC tier (with the reason). README.md is the tally.
import { type EthermintNetwork, startEthermintNetwork } from './network';

export type UpstreamTest = (net: EthermintNetwork) => Promise<void>;

export interface UpstreamFile {
  /** e.g. test_account */
  readonly file: string;
  readonly passes: Readonly<Record<string, UpstreamTest>>;
  /** Asserts our behaviour where it differs on purpose; `why` says what and why. */
  readonly deviations: Readonly<Record<string, { readonly why: string; readonly run: UpstreamTest }>>;
  /** Faithful ports failing today; `failure` is what they fail with. Run only with PHOTON_ETHERMINT_PENDING=1. */
  readonly pendingUpstream: Readonly<
    Record<string, { readonly failure: string; readonly run: UpstreamTest }>
  >;
  readonly notApplicable: Readonly<Record<string, string>>;
}

/** Set by the lead once the features the pending ports need have merged. */
const RUN_PENDING = process.env['PHOTON_ETHERMINT_PENDING'] === '1';
/** test_event_log_filter_by_topic sends 16 txs on 5 s blocks: ~90 s, more on a loaded machine. */
const TEST_TIMEOUT_MS = 300_000;

/**
 * One `photon start` for all `files`, as upstream shares its session-wide `ethermint` network, then
 * one describe per file, its tests in upstream's order within each status.
 */
export function describeUpstreamFiles(
  title: string,
  files: readonly UpstreamFile[],
  blockTimeMs?: number,
): void {
  describe(title, () => {
    let net: EthermintNetwork | undefined;
    const network = (): EthermintNetwork => {
      if (net === undefined) throw new Error('the network did not start');
      return net;
    };
    beforeAll(async () => {
      net = await startEthermintNetwork(blockTimeMs);
    }, 120_000);
    afterAll(async () => {
      await net?.stop();
    });
    for (const file of files) {
      describe(file.file, () => {
        for (const [name, run] of Object.entries(file.passes)) {
          it(`behavior: ${name}`, () => run(network()), TEST_TIMEOUT_MS);
        }
        for (const [name, { why, run }] of Object.entries(file.deviations)) {
          it(`behavior: ${name} (deviation: ${why})`, () => run(network()), TEST_TIMEOUT_MS);
        }
        if (!RUN_PENDING) return;
        for (const [name, { run }] of Object.entries(file.pendingUpstream)) {
          it(`pending upstream port, not yet passing: ${name}`, () => run(network()), TEST_TIMEOUT_MS);
        }
      });
    }
  });
}
