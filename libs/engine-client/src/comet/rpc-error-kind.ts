// Which CometBFT RPC errors mean "the node has no such block or tx" (so an Ethereum read answers null), by the
// texts CometBFT 0.34–0.38 write (rpc/core/blocks.go getHeight, tx.go, state store).
import { EngineRpcError } from '../errors';

const MISSING_HEIGHT = [
  /must be less than or equal to the current blockchain height/,
  /is not available, lowest height is/,
  /height must be greater than 0/,
  /could not find results for height/,
  // `blockchain` clamps maxHeight to the latest height, then finds its range empty.
  /can't be greater than max height/,
];

/** The node has no block (or no results) at the height asked for: in the future, pruned, or not positive. */
export function isMissingHeight(error: unknown): error is EngineRpcError {
  return (
    error instanceof EngineRpcError && MISSING_HEIGHT.some((re) => re.test(error.data ?? error.rpcMessage))
  );
}

/** `tx (HASH) not found`. */
export function isTxNotFound(error: unknown): error is EngineRpcError {
  return (
    error instanceof EngineRpcError && /^tx \([0-9A-Fa-f]*\) not found/.test(error.data ?? error.rpcMessage)
  );
}
