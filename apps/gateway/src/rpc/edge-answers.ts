// Answers a gateway gives without a bus round trip, for the methods the method table marks `edge`: the head
// the bus announces (`chain.height`, which a query service also sends before it answers with a newer block,
// so a client never reads a head older than a receipt it was given), answers that hold until the next head
// kept per head, and facts of the chain kept once a service has given them. Only successes are kept: an
// error (the engine unavailable, a service down) is never repeated to the next caller. Without a trusted
// head (no events service announcing, the engine down) head answers go to the service as before.
import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { AnnouncedHead, MethodBus } from '@photon/bus';
import { type RpcCall, encodeQuantity } from '@photon/codec';
import type { MethodRow } from '@photon/types';

/** Hits and misses of the edge answers, for the hit ratio. */
export interface EdgeAnswerStats {
  readonly hits: number;
  readonly misses: number;
}

const withoutParams = (call: RpcCall): boolean =>
  call.params === undefined || (Array.isArray(call.params) && call.params.length === 0);

@Injectable()
export class EdgeAnswers implements OnModuleInit, OnModuleDestroy {
  private readonly head = new AnnouncedHead();
  private readonly chainFacts = new Map<string, unknown>();
  private headAnswers: { height: bigint; answers: Map<string, Promise<unknown>> } | undefined;
  /** The trusted head as eth_blockNumber answers it, encoded once per head. */
  private headNumber: { readonly height: bigint; readonly text: string } | undefined;
  private stopFollowing: (() => void) | undefined;
  private hits = 0;
  private misses = 0;

  constructor(private readonly bus: MethodBus) {}

  onModuleInit(): void {
    this.stopFollowing = this.bus.subscribe('chain.height', ({ height }) => {
      this.head.announce(BigInt(height));
    });
  }

  onModuleDestroy(): void {
    this.stopFollowing?.();
  }

  /** `call`'s answer from the edge where `row` allows one, else `ask()`'s (the service's). */
  answer(row: MethodRow, call: RpcCall, ask: () => Promise<unknown>): Promise<unknown> {
    if (row.edge === undefined || !withoutParams(call)) return ask();
    if (row.edge === 'chain') return this.chainFact(row.method, ask);
    const head = this.head.trusted();
    if (head === undefined) {
      this.misses++;
      return ask();
    }
    if (row.edge === 'head-number') {
      this.hits++;
      if (this.headNumber?.height !== head) this.headNumber = { height: head, text: encodeQuantity(head) };
      return Promise.resolve(this.headNumber.text);
    }
    return this.atHead(head, row.method, ask);
  }

  stats(): EdgeAnswerStats {
    return { hits: this.hits, misses: this.misses };
  }

  private chainFact(method: string, ask: () => Promise<unknown>): Promise<unknown> {
    if (this.chainFacts.has(method)) {
      this.hits++;
      return Promise.resolve(this.chainFacts.get(method));
    }
    this.misses++;
    return ask().then((result) => {
      this.chainFacts.set(method, result);
      return result;
    });
  }

  private atHead(head: bigint, method: string, ask: () => Promise<unknown>): Promise<unknown> {
    if (this.headAnswers?.height !== head) this.headAnswers = { height: head, answers: new Map() };
    const { answers } = this.headAnswers;
    const kept = answers.get(method);
    if (kept !== undefined) {
      this.hits++;
      return kept;
    }
    this.misses++;
    // Callers of the same head share one request; a failure is forgotten so that the next caller asks again.
    const asked = ask();
    answers.set(method, asked);
    asked.catch(() => {
      if (answers.get(method) === asked) answers.delete(method);
    });
    return asked;
  }
}
