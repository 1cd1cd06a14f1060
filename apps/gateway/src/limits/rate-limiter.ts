// Admits or refuses a request by its client's budget: the API key's limit when the request names a
// known key, else --rate-limit per client address; counted in the shared store (Redis in the cluster)
// so every gateway sees one count. While the store does not answer, --rate-limit-store-down decides.
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ErrorObject } from '@photon/codec';
import { MemoryRateLimitCounter, RateLimitCounter } from '@photon/store';
import { GATEWAY_OPTIONS, type GatewayOptions } from '../gateway-options';
import type { ApiKeyGrant } from './api-keys';
import { costAboveLimit, rateLimitStoreDown, rateLimited } from './limit-errors';

/** Whom a request is counted against. */
export interface Client {
  /** clientAddressOf: the TCP peer, or the forwarded client behind a trusted proxy. */
  readonly address: string;
  /** Set when the request carried a known X-Api-Key. */
  readonly key?: ApiKeyGrant;
}

export type Admission =
  | { readonly admitted: true }
  | {
      readonly admitted: false;
      /** 429 over the limit; 503 when the store is down and the gateway refuses. */
      readonly status: 429 | 503;
      readonly error: ErrorObject;
      /** Seconds until the window frees (HTTP Retry-After). */
      readonly retryAfterSeconds?: number;
    };

/** Counts for metrics: refusals, and requests decided while the store was down, by the choice made. */
export interface RateLimitStats {
  readonly limited: number;
  readonly storeDownAllowed: number;
  readonly storeDownLocal: number;
  readonly storeDownRefused: number;
}

export const RATE_LIMIT_COUNTER = Symbol('RATE_LIMIT_COUNTER');

type LimitOptions = Pick<GatewayOptions, 'rateLimit' | 'rateLimitWindowMs' | 'rateLimitStoreDown'>;

const ADMITTED: Admission = { admitted: true };
/** One warning line per this long while the store is down, with how many requests it concerned. */
const WARN_EVERY_MS = 10_000;

@Injectable()
export class RateLimiter {
  private readonly log = new Logger('rate-limit');
  /** Counts of this gateway alone, for --rate-limit-store-down local. */
  private readonly local = new MemoryRateLimitCounter();
  private readonly counts = { limited: 0, storeDownAllowed: 0, storeDownLocal: 0, storeDownRefused: 0 };
  private lastWarning = 0;
  private unwarned = 0;

  constructor(
    @Inject(GATEWAY_OPTIONS) private readonly options: LimitOptions,
    @Inject(RATE_LIMIT_COUNTER) private readonly counter: RateLimitCounter,
  ) {}

  /** True when `client` has a limit at all (so a request's cost is worth computing). */
  limits(client: Client): boolean {
    return this.limitOf(client) > 0;
  }

  async admit(client: Client, cost: number): Promise<Admission> {
    const limit = this.limitOf(client);
    if (limit === 0) return ADMITTED;
    const windowMs = this.options.rateLimitWindowMs;
    if (cost > limit) return this.refuse(costAboveLimit(cost, limit, windowMs), undefined);
    const bucket = client.key === undefined ? `ip:${client.address}` : `key:${client.key.id}`;
    let take;
    try {
      take = await this.counter.take(bucket, cost, limit, windowMs);
    } catch (error) {
      const choice = this.options.rateLimitStoreDown;
      this.warnStoreDown(error, choice);
      if (choice === 'allow') {
        this.counts.storeDownAllowed++;
        return ADMITTED;
      }
      if (choice === 'refuse') {
        this.counts.storeDownRefused++;
        return { admitted: false, status: 503, error: rateLimitStoreDown() };
      }
      this.counts.storeDownLocal++;
      take = await this.local.take(bucket, cost, limit, windowMs);
    }
    if (take.allowed) return ADMITTED;
    const retryAfterSeconds = Math.max(1, Math.ceil(take.resetMs / 1000));
    return this.refuse(rateLimited(limit, windowMs, retryAfterSeconds), retryAfterSeconds);
  }

  private limitOf(client: Client): number {
    return client.key === undefined ? this.options.rateLimit : client.key.limit;
  }

  stats(): RateLimitStats {
    return { ...this.counts };
  }

  private refuse(error: ErrorObject, retryAfterSeconds: number | undefined): Admission {
    this.counts.limited++;
    return {
      admitted: false,
      status: 429,
      error,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    };
  }

  private warnStoreDown(error: unknown, choice: GatewayOptions['rateLimitStoreDown']): void {
    this.unwarned++;
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    const doing = {
      allow: 'allowing every request',
      local: 'counting requests in this gateway alone',
      refuse: 'refusing requests',
    }[choice];
    const reason = error instanceof Error ? error.message : String(error);
    this.log.warn(
      `rate limit store unavailable (${reason}): ${doing} ` +
        `(--rate-limit-store-down ${choice}; ${this.unwarned} since the last warning)`,
    );
    this.unwarned = 0;
  }
}
