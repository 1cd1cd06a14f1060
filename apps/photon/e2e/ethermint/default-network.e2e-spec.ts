// crypto-org-chain/ethermint's integration tests that upstream runs on its session-wide `ethermint`
// network, ported and run on one `photon start` (README.md in this folder is the tally).
import { TEST_ACCOUNT } from './test-account';
import { TEST_BATCH } from './test-batch';
import { TEST_BLOCK } from './test-block';
import { TEST_CALL } from './test-call';
import { TEST_DEBUG_TRACEBLOCK } from './test-debug-traceblock';
import { TEST_ESTIMATE_GAS } from './test-estimate-gas';
import { TEST_FEE_HISTORY } from './test-fee-history';
import { TEST_GAS } from './test-gas';
import { TEST_PRIORITY } from './test-priority';
import { TEST_STORAGE_PROOF } from './test-storage-proof';
import { TEST_TRACERS } from './test-tracers';
import { TEST_TYPES } from './test-types';
import { TEST_WEBSOCKETS } from './test-websockets';
import { describeUpstreamFiles } from './upstream-file';

describeUpstreamFiles("Ethermint's integration tests (default network)", [
  TEST_ACCOUNT,
  TEST_BATCH,
  TEST_BLOCK,
  TEST_CALL,
  TEST_DEBUG_TRACEBLOCK,
  TEST_ESTIMATE_GAS,
  TEST_FEE_HISTORY,
  TEST_GAS,
  TEST_PRIORITY,
  TEST_STORAGE_PROOF,
  TEST_TRACERS,
  TEST_TYPES,
  TEST_WEBSOCKETS,
]);
