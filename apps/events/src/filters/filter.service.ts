// Polling filters whose state is a cursor in the store: a poll reads what the chain added since the cursor
// (block hashes from the engine, logs from the query service's eth_getLogs), then moves the cursor with a
// compare-and-swap, so two replicas polling one filter at once never deliver the same change twice and a
// poll that lost the race reads again from where the winner stopped. A poll with changes only proposes its
// new cursor: the gateway confirms it once the reply reached it (photon_filterDelivered), so a reply lost
// with the bus or a replica leaves the cursor, and the next poll delivers the same changes again.
import { Inject, Injectable } from '@nestjs/common';
import { type CallContext, INTERNAL_CONTEXT, MethodBus, PendingFeed } from '@photon/bus';
import {
  type BlockNumberOrTag,
  EthNewFilterParams,
  type FilterDto,
  InvalidInputError,
  LimitExceededError,
  decodeParams,
  encodeQuantity,
  filterCriteriaBytes,
  newRpcId,
} from '@photon/codec';
import { CometHttpClient } from '@photon/engine-client';
import { FilterCapError, type FilterKind, type FilterRecord } from '@photon/store';
import { type FilterDeliveryOutcome, type FilterPollResult, TIMEOUT_MS } from '@photon/types';
import { randomBytes } from 'node:crypto';
import { EVENTS_OPTIONS, type EventsOptions } from '../events-options';
import { blockHashes } from './block-hashes';

/** geth's answer for an unknown, expired or wrong-kind filter; viem recreates its filter only on it. */
export const FILTER_NOT_FOUND = 'filter not found';
/** Polls that lost the cursor race to another poll of the same filter, before giving up. */
const POLL_ATTEMPTS = 5;
/** Pending hashes one poll delivers at most; the rest wait for the next poll. */
const PENDING_PER_POLL = 1_000;

@Injectable()
export class FilterService {
  constructor(
    private readonly comet: CometHttpClient,
    private readonly bus: MethodBus,
    private readonly pending: PendingFeed,
    @Inject(EVENTS_OPTIONS) private readonly options: EventsOptions,
  ) {}

  /** eth_newFilter: `criteria` as the client sent them (`filter` decoded); changes start after the head. */
  newLogFilter(filter: FilterDto, criteria: unknown, caller: CallContext): Promise<string> {
    const from = filter.fromBlock;
    const to = filter.toBlock;
    if (from?.kind === 'number' && to?.kind === 'number' && from.number > to.number)
      return Promise.reject(new InvalidInputError('invalid from and to block combination'));
    return this.install('logs', caller, keptCriteria(criteria), undefined, filterCriteriaBytes(filter));
  }

  /** eth_newBlockFilter. */
  newBlockFilter(caller: CallContext): Promise<string> {
    return this.install('blocks', caller);
  }

  /** eth_newPendingTransactionFilter: the hashes the pending feed gets from now on. */
  async newPendingFilter(caller: CallContext): Promise<string> {
    return this.install('pending', caller, undefined, await this.pending.position());
  }

  /** eth_getFilterChanges for a caller that delivers the reply itself: the cursor moves at once. */
  async changes(id: string): Promise<unknown[]> {
    const { changes, poll } = await this.poll(id);
    if (poll !== undefined) await this.delivered(id, poll);
    return [...changes];
  }

  /**
   * The gateway's eth_getFilterChanges: hashes or logs since the cursor (`[]` when none); restarts the
   * timer. With changes, the new cursor is only proposed, for `poll`, until `delivered` confirms it.
   */
  async poll(id: string): Promise<FilterPollResult> {
    const poll = randomBytes(8).toString('hex');
    for (let attempt = 0; attempt < POLL_ATTEMPTS; attempt++) {
      const filter = await this.live(id);
      let found: readonly unknown[];
      let to: string;
      if (filter.kind === 'pending') {
        const page = await this.pending.readAfter(filter.cursor, PENDING_PER_POLL);
        found = page.hashes;
        to = page.position;
      } else {
        const head = await this.head();
        const cursor = BigInt(filter.cursor);
        const last =
          head - cursor > this.options.maxBlocksPerPoll
            ? cursor + BigInt(this.options.maxBlocksPerPoll)
            : head;
        found = last > cursor ? await this.read(filter, cursor + 1n, last) : [];
        to = (last > cursor ? last : cursor).toString();
      }
      if (found.length === 0) {
        if (await this.options.filters.advance(filter.id, filter.cursor, to)) return { changes: [] };
      } else if (await this.options.filters.propose(filter.id, filter.cursor, to, poll)) {
        return { changes: found, poll };
      }
    }
    throw new LimitExceededError('filter is being polled concurrently; try again');
  }

  /** The reply of `poll` reached the gateway: its proposed cursor becomes the filter's. */
  delivered(id: string, poll: string): Promise<FilterDeliveryOutcome> {
    return this.options.filters.confirm(id, poll);
  }

  /** eth_getFilterLogs: every log of a log filter's criteria over its range, as eth_getLogs; no timer reset. */
  async logs(id: string): Promise<unknown> {
    const filter = await this.live(id);
    if (filter.kind !== 'logs') throw new InvalidInputError(FILTER_NOT_FOUND);
    return this.askQuery('eth_getLogs', [filter.criteria]);
  }

  /** eth_uninstallFilter. */
  uninstall(id: string): Promise<boolean> {
    return this.options.filters.uninstall(id);
  }

  private async install(
    kind: FilterKind,
    caller: CallContext,
    criteria?: unknown,
    cursor?: string,
    criteriaBytes = 0,
  ): Promise<string> {
    const filter: FilterRecord = {
      id: newRpcId(),
      kind,
      cursor: cursor ?? (await this.head()).toString(),
      client: caller.remoteAddress ?? caller.transport,
      ...(criteria === undefined ? {} : { criteria }),
      ...(criteriaBytes > 0 ? { criteriaBytes } : {}),
    };
    try {
      await this.options.filters.install(filter);
    } catch (error) {
      if (error instanceof FilterCapError) throw new LimitExceededError(capMessage(kind, error));
      throw error;
    }
    return filter.id;
  }

  private async live(id: string): Promise<FilterRecord> {
    const filter = await this.options.filters.get(id);
    if (filter === null) throw new InvalidInputError(FILTER_NOT_FOUND);
    return filter;
  }

  /** What a filter collects from blocks `from`..`to` (both mined). */
  private async read(filter: FilterRecord, from: bigint, to: bigint): Promise<unknown[]> {
    if (filter.kind === 'blocks') return blockHashes(this.comet, from, to);
    const { filter: criteria } = decodeParams(EthNewFilterParams, [filter.criteria]);
    const range = clamp(criteria, from, to);
    if (range === null) return [];
    // Address and topics as the client sent them: decoded values are not wire JSON.
    const { address, topics } = filter.criteria as { address?: unknown; topics?: unknown };
    const logs = await this.askQuery('eth_getLogs', [
      {
        fromBlock: encodeQuantity(range.from),
        toBlock: encodeQuantity(range.to),
        ...(address === undefined ? {} : { address }),
        ...(topics === undefined ? {} : { topics }),
      },
    ]);
    return Array.isArray(logs) ? (logs as unknown[]) : [];
  }

  private async head(): Promise<bigint> {
    return (await this.comet.status()).syncInfo.latestBlockHeight;
  }

  private askQuery(method: string, params: unknown[]): Promise<unknown> {
    return this.bus.request('query', { method, params, context: INTERNAL_CONTEXT }, TIMEOUT_MS.scan);
  }
}

/** The blocks `from`..`to` within the filter's own numeric bounds (tags follow the head: no bound). */
function clamp(criteria: FilterDto, from: bigint, to: bigint): { from: bigint; to: bigint } | null {
  const low = numberOf(criteria.fromBlock);
  const high = numberOf(criteria.toBlock);
  const start = low !== undefined && low > from ? low : from;
  const end = high !== undefined && high < to ? high : to;
  return start > end ? null : { from: start, to: end };
}

function numberOf(bound: BlockNumberOrTag | undefined): bigint | undefined {
  return bound?.kind === 'number' ? bound.number : undefined;
}

/** The fields of the client's criteria a poll reads again, and nothing else it may have sent along. */
function keptCriteria(criteria: unknown): unknown {
  if (typeof criteria !== 'object' || criteria === null) return criteria;
  const kept: Record<string, unknown> = {};
  for (const field of ['fromBlock', 'toBlock', 'blockHash', 'address', 'topics']) {
    const value = (criteria as Record<string, unknown>)[field];
    if (value !== undefined) kept[field] = value;
  }
  return kept;
}

/** Ethermint's refusal of one more filter of a kind (rpc/namespaces/ethereum/eth/filters/api.go). */
const ETHERMINT_CAP_WORDS: Record<FilterKind, string> = {
  logs: 'error creating filter: max limit reached',
  blocks: 'error creating block filter: max limit reached',
  pending: 'error creating pending tx filter: max limit reached',
};

/** Ethermint's words (which clients and its own tests match), then which of our caps it was. */
function capMessage(kind: FilterKind, error: FilterCapError): string {
  const words = ETHERMINT_CAP_WORDS[kind];
  if (error.scope === 'client-bytes')
    return `${words}: ${error.cap} bytes of criteria per client (--filter-criteria-bytes-per-client)`;
  const flag = error.scope === 'tier' ? '--filter-cap' : '--filter-cap-per-client';
  return `${words}: ${error.cap} live filters per ${error.scope} (${flag})`;
}
