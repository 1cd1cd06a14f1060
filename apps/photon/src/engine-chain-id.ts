// Refuses a query or tx service whose --chain-id disagrees with the engine it serves: it would
// answer eth_chainId, and check and sign transactions, for another chain than the one it reads.
// Ethermint derives its EVM chain id from the Cosmos chain id (`name_<eip155>-<epoch>`), which
// CometBFT's `status` names as the node's network. An engine that does not answer at start is
// asked again in the background (with backoff) and the process stops once it disagrees.
import { type ChainId, parseChainId } from '@photon/config';
import { CometHttpClient, EngineUnavailableError } from '@photon/engine-client';
import type { PhotonLogger } from './photon-logger';

const STATUS_TIMEOUT_MS = 5_000;
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

export class ChainIdMismatchError extends Error {
  constructor(configured: ChainId, network: string, engineEip155: bigint | undefined) {
    const engine =
      engineEip155 === undefined
        ? `names no EVM chain id (network ${network})`
        : `has EVM chain id ${engineEip155} (network ${network})`;
    super(
      `--chain-id ${configured.cosmos} (EVM chain id ${configured.eip155}) disagrees with the engine, which ${engine}`,
    );
    this.name = 'ChainIdMismatchError';
  }
}

/** What a later check (after the engine came up) reports: a disagreement, or a warning line. */
export interface LaterChainIdCheck {
  readonly warn: (line: string) => void;
  readonly refuse: (error: ChainIdMismatchError) => void;
}

/** For a CLI command: warnings in its log; a later disagreement stops the process as a start would. */
export const stopProcessOnMismatch = (command: string, logger: PhotonLogger): LaterChainIdCheck => ({
  warn: (line) => logger.warnLine(`photon ${command}: ${line}`),
  refuse: (error) => {
    logger.fatal(`photon: ${error.message}`);
    process.exit(1);
  },
});

/** Throws ChainIdMismatchError when the engine answers and disagrees; checks later when it does not answer. */
export async function verifyEngineChainId(
  engineUrl: URL,
  configured: ChainId,
  later: LaterChainIdCheck,
): Promise<void> {
  const network = await engineNetwork(engineUrl);
  if (network !== undefined) {
    assertSameChain(configured, network);
    return;
  }
  later.warn(`the engine does not answer yet; --chain-id is checked once it does`);
  let delay = RETRY_FIRST_MS;
  const retry = (): void => {
    const timer = setTimeout(() => {
      engineNetwork(engineUrl).then(
        (answered) => {
          if (answered === undefined) {
            delay = Math.min(delay * 2, RETRY_MAX_MS);
            retry();
            return;
          }
          try {
            assertSameChain(configured, answered);
          } catch (error) {
            later.refuse(error as ChainIdMismatchError);
          }
        },
        (error: unknown) => {
          later.warn(`the engine's status could not be read (${String(error)}); asking again`);
          delay = RETRY_MAX_MS;
          retry();
        },
      );
    }, delay);
    // The check never keeps a stopping process alive.
    timer.unref();
  };
  retry();
}

function assertSameChain(configured: ChainId, network: string): void {
  let engineEip155: bigint | undefined;
  try {
    engineEip155 = parseChainId(network).eip155;
  } catch {
    engineEip155 = undefined;
  }
  if (engineEip155 !== configured.eip155) throw new ChainIdMismatchError(configured, network, engineEip155);
}

/** The engine's network (Cosmos chain id), or undefined when the engine does not answer. */
async function engineNetwork(engineUrl: URL): Promise<string | undefined> {
  const comet = new CometHttpClient(engineUrl, { timeoutMs: STATUS_TIMEOUT_MS });
  try {
    return (await comet.status()).nodeInfo.network;
  } catch (error) {
    if (error instanceof EngineUnavailableError) return undefined;
    throw error;
  } finally {
    comet.close();
  }
}
