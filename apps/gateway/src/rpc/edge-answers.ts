// Answers a gateway gives without a bus round trip, for the methods the method table marks `edge`: the head
// the bus announces (`chain.height`, which a query service also sends before it answers with a newer block,
// so a client never reads a head older than a receipt it was given), answers that hold until the next head
// kept per head (head-derived ones, and reads of state at `latest` per params), answers that never change
// once given (a mined transaction's receipt, a committed block read by number or hash, the logs of a range
// between two block numbers), and facts of the chain kept once a service has given them.
// Only successes are kept: an error (the engine unavailable, a service down) is never repeated to the next
// caller. A request for an answer kept per head tells its service the head (`ask(head)`): a service that had
// not heard of it yet answers at it, not at an older block this gateway would then keep for a whole block.
// Without a trusted head (no events service announcing, the engine down) head answers go to the service.
import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { AnnouncedHead, MethodBus } from '@photon/bus';
import { RawJson, type RpcCall, encodeQuantity } from '@photon/codec';
import type { EdgeAnswer, MethodRow } from '@photon/types';
import { AnswersPerHead } from './answers-per-head';
import { FinalAnswersKept } from './final-answers-kept';

/** Hits and misses of the edge answers, for the hit ratio. */
export interface EdgeAnswerStats {
  readonly hits: number;
  readonly misses: number;
}

const withoutParams = (call: RpcCall): boolean =>
  call.params === undefined || (Array.isArray(call.params) && call.params.length === 0);

/** The param types that name a block (a tag, a number, an EIP-1898 selector). */
const BLOCK_PARAM_TYPES: ReadonlySet<string> = new Set(['BLOCK_TAG_OR_NUMBER', 'BLOCK_ID']);

/** Longer keys (params) are not kept: a client's huge params would crowd out everyone's answers. */
const MAX_KEY_CHARS = 1_024;

/** An answer the gateway holds. */
export interface KeptAnswer {
  readonly result: unknown;
}

/** Asks the call's service; `head`, when given, is the head the answer will be kept at. */
export type AskService = (head?: bigint) => Promise<unknown>;

@Injectable()
export class EdgeAnswers implements OnModuleInit, OnModuleDestroy {
  private readonly head = new AnnouncedHead();
  private readonly chainFacts = new Map<string, KeptAnswer>();
  private readonly perHead = new AnswersPerHead();
  private readonly final = new FinalAnswersKept();
  /** Blocks apart from receipts: a client walking the chain (an indexer, an explorer) never pushes receipts out. */
  private readonly blocks = new FinalAnswersKept(4_096, 64 * 1024 * 1024);
  /** The trusted head as eth_blockNumber answers it, encoded once per head. */
  private headNumber: (KeptAnswer & { readonly height: bigint }) | undefined;
  private stopFollowing: (() => void) | undefined;
  /** Hits and misses per kind of edge answer. */
  private readonly counts = new Map<EdgeAnswer, { hits: number; misses: number }>();
  /**
   * The key of the call looked up last: a call the gateway did not hold (answerNow) is asked for next
   * (answer), and its key, a JSON text of its params, is made once rather than twice.
   */
  private lastKeyed: { readonly call: RpcCall; readonly keyed: KeyedEdge | undefined } | undefined;

  constructor(private readonly bus: MethodBus) {}

  onModuleInit(): void {
    this.stopFollowing = this.bus.subscribe('chain.height', ({ height }) => {
      this.head.announce(BigInt(height));
    });
  }

  onModuleDestroy(): void {
    this.stopFollowing?.();
  }

  /** The head announced to this gateway while it may be trusted as `latest`, else undefined. */
  trustedHead(): bigint | undefined {
    return this.head.trusted();
  }

  /**
   * `call`'s answer when this gateway holds it already (counted as a hit), else undefined: no promise and no
   * bus, so the caller can write it at once. A call whose answer is on its way from a service is not held yet.
   */
  answerNow(row: MethodRow, call: RpcCall): KeptAnswer | undefined {
    const keyed = this.keyedEdge(row, call);
    return keyed === undefined ? undefined : this.held(keyed.edge, keyed.key);
  }

  /** `call`'s answer from the edge where `row` allows one, else `ask()`'s (the service's). */
  answer(row: MethodRow, call: RpcCall, ask: AskService): Promise<unknown> {
    const keyed = this.keyedEdge(row, call);
    if (keyed === undefined) return ask();
    const held = this.held(keyed.edge, keyed.key);
    return held === undefined ? this.askAndKeep(keyed.edge, keyed.key, ask) : Promise.resolve(held.result);
  }

  private keyedEdge(row: MethodRow, call: RpcCall): KeyedEdge | undefined {
    if (this.lastKeyed?.call === call) return this.lastKeyed.keyed;
    const keyed = keyedEdge(row, call);
    this.lastKeyed = { call, keyed };
    return keyed;
  }

  /** Hits and misses of every kind seen so far, by kind (for the metrics). */
  snapshot(): Readonly<Record<string, EdgeAnswerStats>> {
    const byKind: Record<string, EdgeAnswerStats> = {};
    for (const [kind, count] of this.counts) byKind[kind] = { hits: count.hits, misses: count.misses };
    return byKind;
  }

  /**
   * Hits and misses of one kind of edge answer (`final`: receipts, `block`: blocks and log ranges,
   * `head-state`: reads at latest, …).
   */
  statsOf(kind: EdgeAnswer): EdgeAnswerStats {
    const count = this.counts.get(kind);
    return { hits: count?.hits ?? 0, misses: count?.misses ?? 0 };
  }

  private count(kind: EdgeAnswer, hit: boolean): void {
    let count = this.counts.get(kind);
    if (count === undefined) {
      count = { hits: 0, misses: 0 };
      this.counts.set(kind, count);
    }
    if (hit) count.hits++;
    else count.misses++;
  }

  /** What `key` (of an `edge` kind) holds now, counted as a hit; nothing is asked. */
  private held(edge: EdgeAnswer, key: string): KeptAnswer | undefined {
    const kept = this.keptNow(edge, key);
    if (kept !== undefined) this.count(edge, true);
    return kept;
  }

  private keptNow(edge: EdgeAnswer, key: string): KeptAnswer | undefined {
    if (edge === 'head-number') return this.headNumberNow();
    if (edge === 'chain') return this.chainFacts.get(key);
    if (edge === 'final' || edge === 'block') {
      const result = this.finalOf(edge).get(key);
      return result === undefined ? undefined : { result };
    }
    const head = this.head.trusted();
    return head === undefined ? undefined : this.perHead.settled(head, key);
  }

  /** The trusted head as eth_blockNumber answers it, if there is one. */
  private headNumberNow(): KeptAnswer | undefined {
    const head = this.head.trusted();
    if (head === undefined) return undefined;
    // As JSON text already: the reply is assembled around it with no stringifying.
    if (this.headNumber?.height !== head)
      this.headNumber = { height: head, result: new RawJson(`"${encodeQuantity(head)}"`) };
    return this.headNumber;
  }

  /**
   * Asks for what `key` does not hold yet and keeps the answer as its kind says: a chain fact and a final
   * answer once given, a head answer for its head (callers of one head share the request under way).
   */
  private askAndKeep(edge: EdgeAnswer, key: string, ask: AskService): Promise<unknown> {
    if (edge === 'head' || edge === 'head-state') return this.atTrustedHead(edge, key, ask);
    this.count(edge, false);
    if (edge === 'head-number') return ask();
    return ask().then((result) => {
      if (edge !== 'chain') return this.finalOf(edge).keep(key, result);
      this.chainFacts.set(key, { result });
      return result;
    });
  }

  private finalOf(edge: 'final' | 'block'): FinalAnswersKept {
    return edge === 'block' ? this.blocks : this.final;
  }

  /** `key`'s answer at the trusted head: a request under way for it is shared (a hit), else one is made and kept. */
  private atTrustedHead(kind: EdgeAnswer, key: string, ask: AskService): Promise<unknown> {
    const head = this.head.trusted();
    const kept = head === undefined ? undefined : this.perHead.kept(head, key);
    this.count(kind, kept !== undefined);
    if (kept !== undefined) return kept;
    return head === undefined ? ask() : this.perHead.keep(head, key, ask(head));
  }
}

/** A call's kind of edge answer and what its answer is kept under. */
interface KeyedEdge {
  readonly edge: EdgeAnswer;
  readonly key: string;
}

/** `row`'s kind of edge answer and what `call`'s answer is kept under, or undefined when it is not kept. */
function keyedEdge(row: MethodRow, call: RpcCall): KeyedEdge | undefined {
  const edge = row.edge;
  if (edge === undefined) return undefined;
  let key: string | undefined;
  if (edge === 'head-state') key = stateKey(row, call);
  else if (edge === 'block') key = committedBlockKey(row, call);
  else if (edge === 'final') key = keyOf(row.method, call.params);
  else key = withoutParams(call) ? row.method : undefined;
  return key === undefined ? undefined : { edge, key };
}

/** The key of a call's params, or undefined when they are too long to keep. */
function keyOf(method: string, params: unknown): string | undefined {
  const key = `${method} ${JSON.stringify(params ?? [])}`;
  return key.length <= MAX_KEY_CHARS ? key : undefined;
}

/**
 * The key of a read of state at a block (`latest` or left out, a tag, a number, an EIP-1898 hash object),
 * or undefined for `pending` (which counts the pool and changes between heads) or params in another form. A
 * numbered block's answer never changes, but it too is kept only for the head it was asked at.
 */
function stateKey(row: MethodRow, call: RpcCall): string | undefined {
  const params = call.params;
  if (!Array.isArray(params) || params.length > row.params.length) return undefined;
  const blockIndex = row.params.findIndex((param) => BLOCK_PARAM_TYPES.has(param.type));
  if (blockIndex === -1) return undefined;
  const block: unknown = params[blockIndex];
  if (block === 'pending') return undefined;
  return keyOf(row.method, params);
}

const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;

/**
 * The key of a read of committed blocks, or undefined unless every block param names them by number or hash:
 * a tag (`latest`, `safe`, `earliest`, `pending`, … or left out) names a block that moves. A number past the
 * head is kept only once its block exists: the answer before is null (a block) or an error (a log range past
 * the head), never kept.
 */
function committedBlockKey(row: MethodRow, call: RpcCall): string | undefined {
  const params = call.params;
  if (!Array.isArray(params) || params.length > row.params.length) return undefined;
  const pinned = row.params.every((param, i) => {
    if (param.type === 'FILTER') return namesBlocks(params[i]);
    return !BLOCK_PARAM_TYPES.has(param.type) || namesOneBlock(params[i]);
  });
  return pinned ? keyOf(row.method, params) : undefined;
}

/** A log filter over one block by hash, or between two block numbers. */
function namesBlocks(filter: unknown): boolean {
  if (typeof filter !== 'object' || filter === null) return false;
  const { blockHash, fromBlock, toBlock } = filter as Record<string, unknown>;
  if (blockHash !== undefined) return typeof blockHash === 'string';
  return (
    typeof fromBlock === 'string' &&
    QUANTITY.test(fromBlock) &&
    typeof toBlock === 'string' &&
    QUANTITY.test(toBlock)
  );
}

/** A block number, or an EIP-1898 selector by hash or number. */
function namesOneBlock(block: unknown): boolean {
  if (typeof block === 'string') return QUANTITY.test(block);
  if (typeof block !== 'object' || block === null) return false;
  const { blockHash, blockNumber } = block as { blockHash?: unknown; blockNumber?: unknown };
  return typeof blockHash === 'string' || (typeof blockNumber === 'string' && QUANTITY.test(blockNumber));
}
