// A devnet in the test's own process, for tests that decide when blocks come: with `blockTimeMs` an hour, a
// pending tx stays pending until the test calls `produceNext()`. It runs under `photon start`'s default
// chain id, so a stack pointed at it (startPhotonStack's `engineUrl`) passes the chain-id check.
import { START_SCHEMA, loadConfig } from '@photon/config';
import { Devnet } from '@photon/devnet';

/** An hour between blocks: in a test, blocks come only when it produces them. */
export const AN_HOUR_MS = 3_600_000;

/** The default chain ids of `photon start` (cosmos and EIP-155). */
export const DEFAULT_CHAIN_ID = loadConfig(START_SCHEMA, [], {}).chainId;

export function startTestDevnet(blockTimeMs = AN_HOUR_MS): Promise<Devnet> {
  return Devnet.start({
    chainId: DEFAULT_CHAIN_ID.cosmos,
    eip155ChainId: DEFAULT_CHAIN_ID.eip155,
    host: '127.0.0.1',
    port: 0,
    blockTimeMs,
    allowUnprotectedTxs: false,
  });
}
