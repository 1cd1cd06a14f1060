// crypto-org-chain/ethermint's test_filters.py, ported, on a `photon start` of its own with 5 s blocks
// as upstream's filters network (README.md in this folder is the tally).
import { TEST_FILTERS } from './test-filters';
import { describeUpstreamFiles } from './upstream-file';

/** configs/long_timeout_commit.jsonnet: timeout_commit 5s. */
const LONG_TIMEOUT_COMMIT_MS = 5000;

describeUpstreamFiles(
  "Ethermint's integration tests (filters network)",
  [TEST_FILTERS],
  LONG_TIMEOUT_COMMIT_MS,
);
