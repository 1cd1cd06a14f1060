// Errors the EVM core throws, as classes the wrapper maps once (to an abci_query code or a
// JSON-RPC error); the messages are Cosmos SDK's and geth's.
import { SdkErrors, wrappedLog } from './abci-errors';

/** A query at a height that is not committed yet (baseapp's "height in the future" answer). */
export class UnknownHeightError extends Error {
  readonly codespace = SdkErrors.invalidHeight.codespace;
  readonly code = SdkErrors.invalidHeight.code;

  constructor(
    readonly height: number,
    readonly latestHeight: number,
  ) {
    super(
      wrappedLog(
        SdkErrors.invalidHeight,
        height > latestHeight
          ? `cannot query with height in the future; please provide a valid height (requested ${height}, latest ${latestHeight})`
          : `height ${height} is not a committed height`,
      ),
    );
    this.name = 'UnknownHeightError';
  }
}

/** produceBlock was asked for a height other than the next one. */
export class BlockHeightError extends Error {
  constructor(
    readonly height: number,
    readonly expected: number,
  ) {
    super(`invalid height: got ${height}, expected ${expected}`);
    this.name = 'BlockHeightError';
  }
}

/** An EthCall/EstimateGas that failed before or outside the EVM (geth/Ethermint wording). */
export class EvmCallError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EvmCallError';
  }
}

/** The EVM ran past its timeout (geth's "execution aborted" text). */
export class EvmTimeoutError extends EvmCallError {
  constructor(readonly timeoutMs: number) {
    super(`execution aborted (timeout = ${timeoutMs / 1000}s)`);
    this.name = 'EvmTimeoutError';
  }
}
