import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ETHERMINT_CONTRACTS } from './ethermint-contracts.artifact';

const WORKSPACE_ROOT = join(__dirname, '..', '..', '..', '..');

/** Upstream's EXPECTED_CONTRACT_CREATE_TRACER input (geth and ethermintd agree on it): the tail of TestERC20A's creation code, metadata hash included. */
const UPSTREAM_TEST_ERC20A_TAIL =
  'a2646970667358221220c447581f3bf6675286c79608ec0ee20bbfca295bacc424210a44d456f03ab5fd64736f6c634300080a0033';

describe('ETHERMINT_CONTRACTS', () => {
  it('default: every artifact was built from its current .sol file', () => {
    for (const artifact of Object.values(ETHERMINT_CONTRACTS)) {
      const sha256 = createHash('sha256')
        .update(readFileSync(join(WORKSPACE_ROOT, artifact.sourcePath)))
        .digest('hex');
      if (sha256 !== artifact.sourceSha256) {
        throw new Error(
          `${artifact.sourcePath} changed since its artifact was built: run \`pnpm contracts\``,
        );
      }
    }
  });

  it('behavior: compiled as upstream hardhat does (TestERC20A byte for byte, solc 0.8.10 and 0.8.21)', () => {
    expect(ETHERMINT_CONTRACTS.TestERC20A.bytecode.endsWith(UPSTREAM_TEST_ERC20A_TAIL)).toBe(true);
    expect(ETHERMINT_CONTRACTS.TestERC20A.bytecode).toHaveLength(5498);
    expect(ETHERMINT_CONTRACTS.TestRevert.solcVersion.startsWith('0.8.10+')).toBe(true);
    expect(ETHERMINT_CONTRACTS.Greeter.solcVersion.startsWith('0.8.21+')).toBe(true);
  });
});
