// CometBFT's height rules for RPC arguments (rpc/core/blocks.go getHeight), with its error texts.
import { RouteError } from '../rpc/route';
import type { ChainStore } from '../chain/chain-store';

export function resolveHeight(store: ChainStore, requested: bigint | undefined): bigint {
  const latest = store.latestHeight;
  if (requested === undefined) return latest;
  if (requested <= 0n) throw new RouteError(`height must be greater than 0, but got ${requested}`);
  if (requested > latest) {
    throw new RouteError(
      `height ${requested} must be less than or equal to the current blockchain height ${latest}`,
    );
  }
  if (requested < store.earliestHeight) {
    throw new RouteError(`height ${requested} is not available, lowest height is ${store.earliestHeight}`);
  }
  return requested;
}

/** An optional int argument as bigint, or undefined. */
export const intArg = (value: unknown): bigint | undefined => (typeof value === 'bigint' ? value : undefined);
export const stringArg = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;
export const bytesArg = (value: unknown): Uint8Array | undefined =>
  value instanceof Uint8Array ? value : undefined;
