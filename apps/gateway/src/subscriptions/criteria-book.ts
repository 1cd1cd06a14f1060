// The logs-subscription criteria a gateway holds, in proportion to their size and once however many
// subscriptions ask for the same: sets of lowercase hex keyed by a digest of their canonical form, counted
// by reference. It also keeps what each connection and each client address holds, in criteria bytes
// (filterCriteriaBytes), against --ws-criteria-bytes-per-connection and --ws-criteria-bytes-per-ip.
import { type FilterCriteriaParts, LimitExceededError, filterCriteriaBytes } from '@photon/codec';
import { createHash } from 'node:crypto';
import type { LogCriteria } from './log-match';

export interface CriteriaBounds {
  /** Criteria bytes one websocket may hold. */
  readonly perConnection: number;
  /** Criteria bytes the websockets of one client address may hold together. */
  readonly perAddress: number;
}

/** One subscription's hold on shared criteria: what `release` gives back. */
export interface CriteriaHold {
  readonly key: string;
  readonly bytes: number;
  readonly address: string;
  readonly criteria: LogCriteria;
}

interface Shared {
  readonly criteria: LogCriteria;
  refs: number;
}

export class CriteriaBook {
  private readonly shared = new Map<string, Shared>();
  private readonly byAddress = new Map<string, number>();

  constructor(readonly bounds: CriteriaBounds) {}

  /**
   * The criteria of `filter` for a connection holding `connectionBytes` already, from `address`; past a
   * bound a -32005 naming it and its flag, and nothing is held.
   */
  acquire(filter: FilterCriteriaParts, connectionBytes: number, address: string): CriteriaHold {
    const bytes = filterCriteriaBytes(filter);
    const { perConnection, perAddress } = this.bounds;
    if (connectionBytes + bytes > perConnection)
      throw new LimitExceededError(
        `logs subscription criteria past ${perConnection} bytes on this connection ` +
          `(--ws-criteria-bytes-per-connection)`,
      );
    const ofAddress = this.byAddress.get(address) ?? 0;
    if (ofAddress + bytes > perAddress)
      throw new LimitExceededError(
        `logs subscription criteria past ${perAddress} bytes for this client address (--ws-criteria-bytes-per-ip)`,
      );
    const key = canonicalKey(filter);
    let shared = this.shared.get(key);
    if (shared === undefined) {
      shared = { criteria: compile(filter), refs: 0 };
      this.shared.set(key, shared);
    }
    shared.refs++;
    if (bytes > 0) this.byAddress.set(address, ofAddress + bytes);
    return { key, bytes, address, criteria: shared.criteria };
  }

  release(hold: CriteriaHold): void {
    const shared = this.shared.get(hold.key);
    if (shared !== undefined && --shared.refs <= 0) this.shared.delete(hold.key);
    const left = (this.byAddress.get(hold.address) ?? 0) - hold.bytes;
    if (left > 0) this.byAddress.set(hold.address, left);
    else this.byAddress.delete(hold.address);
  }

  /** Distinct criteria held, and the criteria bytes of `address` (for tests and metrics). */
  stats(address?: string): { readonly distinct: number; readonly addressBytes: number } {
    return {
      distinct: this.shared.size,
      addressBytes: address === undefined ? 0 : (this.byAddress.get(address) ?? 0),
    };
  }
}

/** Sets for matching; each hex string is one flat copy (the codec decodes to flat lowercase). */
function compile(filter: FilterCriteriaParts): LogCriteria {
  return {
    ...(filter.address === undefined ? {} : { addresses: new Set(filter.address) }),
    ...(filter.topics === undefined
      ? {}
      : { topics: filter.topics.map((position) => (position === null ? null : new Set(position))) }),
  };
}

/**
 * A digest of the criteria in canonical form (each list sorted and without repeats), so criteria that
 * match the same logs share one copy whatever order the client listed them in.
 */
function canonicalKey(filter: FilterCriteriaParts): string {
  const hash = createHash('sha256');
  hash.update(
    filter.address === undefined || filter.address.length === 0 ? 'any' : canonicalList(filter.address),
  );
  for (const position of filter.topics ?? [])
    hash.update(position === null ? '|*' : `|${canonicalList(position)}`);
  return hash.digest('base64');
}

const canonicalList = (items: readonly string[]): string => [...new Set(items)].sort().join(',');
