// What the chaos test measured, reduced to the numbers it asserts and prints: failed requests by fault
// and cause, per fault what the calls made meanwhile got and what was lost, heads missed by subscribers,
// filters lost, accepted txs without a receipt.
import type { CallSpan, Failure } from './chaos-calls';
import type { HeadSubscriber, PolledFilter, SentTx } from './chaos-load';

export interface Fault {
  readonly name: string;
  readonly startMs: number;
  endMs: number;
  /** The highest head any subscriber had when the fault began and when the tier had recovered. */
  readonly startHeight: bigint;
  endHeight: bigint;
  note: string;
}

/** What a block filter's hashes stood for: the heights it never gave and those it gave twice. */
export interface BlockFilterHeights {
  readonly name: string;
  readonly gaps: readonly bigint[];
  readonly duplicateHeights: readonly bigint[];
}

/** Per subscriber: what it was sent, what it fetched itself, and what it never had. */
export interface HeadsSeen {
  readonly name: string;
  readonly first: bigint | undefined;
  readonly last: bigint | undefined;
  readonly sessions: number;
  readonly closes: readonly string[];
  /** Heights missing from a session between two heights it was sent: the tier skipped them. */
  readonly skippedInSession: bigint[];
  /** Heights sent twice (in one session or across two). */
  readonly duplicates: number;
  /** Heights between two sessions that the client fetched itself. */
  readonly refetched: number;
  /** Heights from first to last neither sent nor fetched. */
  readonly missed: bigint[];
}

export function headsSeen(subscriber: HeadSubscriber): HeadsSeen {
  const received = subscriber.sessions.flat();
  const have = new Set<bigint>([...received, ...subscriber.refetched]);
  const skippedInSession: bigint[] = [];
  for (const session of subscriber.sessions)
    for (let i = 1; i < session.length; i++)
      for (let height = session[i - 1]! + 1n; height < session[i]!; height++) skippedInSession.push(height);
  const first = received.reduce<bigint | undefined>(
    (min, h) => (min === undefined || h < min ? h : min),
    undefined,
  );
  const last = received.reduce<bigint | undefined>(
    (max, h) => (max === undefined || h > max ? h : max),
    undefined,
  );
  const missed: bigint[] = [];
  if (first !== undefined && last !== undefined)
    for (let height = first; height <= last; height++) if (!have.has(height)) missed.push(height);
  return {
    name: subscriber.name,
    first,
    last,
    sessions: subscriber.sessions.length,
    closes: subscriber.closes,
    skippedInSession,
    duplicates: received.length - new Set(received).size,
    refetched: subscriber.refetched.length,
    missed,
  };
}

/** The fault during which a failed call was in flight (its span overlaps the fault's), if any. */
export function faultOf(failure: Failure, faults: readonly Fault[]): Fault | undefined {
  // The latest fault it overlaps: a call slow since one fault may end at the next.
  return faults.findLast((fault) => failure.startedMs <= fault.endMs && failure.endedMs >= fault.startMs);
}

/** Failures grouped as `fault: kind method what` → count, and when they started and ended relative to the fault. */
export function failureTable(
  failures: readonly Failure[],
  faults: readonly Fault[],
): Map<string, { count: number; started: number[]; took: number[] }> {
  const table = new Map<string, { count: number; started: number[]; took: number[] }>();
  for (const failure of failures) {
    const fault = faultOf(failure, faults);
    const key = `${fault?.name ?? 'OUTSIDE ANY FAULT'}: ${failure.kind} ${failure.method} ${failure.what}`;
    const row = table.get(key) ?? { count: 0, started: [], took: [] };
    row.count++;
    row.started.push(failure.startedMs - (fault?.startMs ?? failure.startedMs));
    row.took.push(failure.endedMs - failure.startedMs);
    table.set(key, row);
  }
  return table;
}

const seconds = (ms: readonly number[]): string =>
  `${(Math.min(...ms) / 1000).toFixed(1)}..${(Math.max(...ms) / 1000).toFixed(1)} s`;

export interface Summary {
  readonly seconds: number;
  readonly calls: number;
  readonly spans: readonly CallSpan[];
  readonly blockFilters: readonly BlockFilterHeights[];
  /** Token transfers mined that the log filter never gave. */
  readonly logFilterMissing: readonly string[];
  readonly failures: readonly Failure[];
  readonly faults: readonly Fault[];
  readonly heads: readonly HeadsSeen[];
  readonly filters: readonly { filter: PolledFilter; answersAtEnd: boolean; detail: string }[];
  readonly sent: readonly SentTx[];
  readonly withoutReceipt: readonly string[];
  readonly balancer: Record<string, number>;
  readonly leaks: readonly string[];
  readonly logDir: string;
}

export function formatSummary(s: Summary): string {
  const lines: string[] = [];
  lines.push(`chaos summary (${s.seconds.toFixed(0)} s of load; logs in ${s.logDir})`);
  lines.push('faults:');
  for (const fault of s.faults)
    lines.push(`  ${fault.name}: recovered in ${fault.endMs - fault.startMs} ms (${fault.note})`);
  lines.push(...faultTable(s));
  const failed = s.failures.length;
  const transport = s.failures.filter((f) => f.kind === 'transport').length;
  const outside = s.failures.filter((f) => faultOf(f, s.faults) === undefined).length;
  lines.push(
    `failed requests: ${failed} of ${s.calls} (${transport} without a JSON-RPC answer, ${outside} outside any fault)`,
  );
  for (const [key, row] of failureTable(s.failures, s.faults))
    lines.push(
      `  ${row.count} x ${key} (sent ${seconds(row.started)} after the fault began, answered in ${seconds(row.took)})`,
    );
  lines.push(
    "heads missed by subscribers (a height from a subscriber's first to its last head that it was neither sent nor fetched itself after a reconnect):",
  );
  for (const h of s.heads)
    lines.push(
      `  ${h.name}: heads ${String(h.first)}..${String(h.last)}, ${h.sessions} session(s) [closes: ${h.closes.join(', ')}], ` +
        `skipped within a session ${h.skippedInSession.length}${h.skippedInSession.length > 0 ? ` (${h.skippedInSession.slice(0, 12).join(',')})` : ''}, ` +
        `duplicates ${h.duplicates}, refetched after reconnect ${h.refetched}, missed ${h.missed.length}`,
    );
  lines.push(
    `filters lost: ${s.filters.filter((f) => !f.answersAtEnd || f.filter.notFound > 0).length} of ${s.filters.length}`,
  );
  for (const f of s.filters)
    lines.push(
      `  ${f.filter.name}: ${f.filter.changes.length} changes, ${f.filter.failedPolls} failed polls, 'filter not found' ${f.filter.notFound} times, answers at the end: ${f.answersAtEnd} ${f.detail}`,
    );
  const accepted = s.sent.filter((tx) => tx.accepted).length;
  lines.push(
    `accepted txs that never reached a block: ${s.withoutReceipt.length} of ${accepted} accepted (${s.sent.length} signed)`,
  );
  for (const hash of s.withoutReceipt.slice(0, 10)) lines.push(`  ${hash}`);
  lines.push(
    `load balancer: ${Object.entries(s.balancer)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  lines.push(`secrets in logs: ${s.leaks.length === 0 ? 'none' : s.leaks.join('; ')}`);
  return lines.join('\n');
}

/** Goal for a call made during a fault: answered or refused within this (reported, not asserted). */
const PROMPT_MS = 1_000;

/**
 * One row per fault: the time to recover; the calls whose span overlaps the fault's window (from the fault to
 * the recovery): how many, answered with a result, refused with a JSON-RPC error, without any answer, the
 * slowest and how many took over a second; acknowledged txs lost and log-filter transfers missing among the
 * txs accepted since the previous fault's recovery up to this one's; heads and blocks missed by each
 * subscriber and block filter at the heights of the window.
 */
export function faultTable(s: Summary): string[] {
  const lines = ['per fault (calls whose span overlaps the window from the fault to the recovery):'];
  const lost = new Set(s.withoutReceipt);
  const missingLogs = new Set(s.logFilterMissing);
  s.faults.forEach((fault, i) => {
    const since = i === 0 ? Number.NEGATIVE_INFINITY : s.faults[i - 1]!.endMs;
    const spans = s.spans.filter((c) => c.startedMs <= fault.endMs && c.endedMs >= fault.startMs);
    const count = (ended: CallSpan['ended']) => spans.filter((c) => c.ended === ended).length;
    const took = spans.map((c) => c.endedMs - c.startedMs);
    const accepted = s.sent.filter(
      (tx) => tx.acceptedMs !== undefined && tx.acceptedMs > since && tx.acceptedMs <= fault.endMs,
    );
    const inWindow = (heights: readonly bigint[]) =>
      heights.filter((h) => h >= fault.startHeight && h <= fault.endHeight).length;
    lines.push(
      `  ${fault.name}: recovered in ${fault.endMs - fault.startMs} ms; ${spans.length} calls: ` +
        `${count('result')} answered, ${count('json-rpc')} refused with an error, ${count('transport')} without an answer; ` +
        `slowest ${took.reduce((max, ms) => Math.max(max, ms), 0)} ms, ${took.filter((ms) => ms > PROMPT_MS).length} over ${PROMPT_MS} ms`,
    );
    lines.push(
      `    lost: acknowledged txs lost ${accepted.filter((tx) => lost.has(tx.hash)).length} of ${accepted.length}, ` +
        `log-filter transfers missing ${accepted.filter((tx) => missingLogs.has(tx.hash)).length}; ` +
        `heights ${String(fault.startHeight)}..${String(fault.endHeight)}: missed ` +
        [
          ...s.heads.map((h) => `${h.name} ${inWindow([...h.missed, ...h.skippedInSession])}`),
          ...s.blockFilters.map(
            (b) => `${b.name} ${inWindow(b.gaps)} (twice ${inWindow(b.duplicateHeights)})`,
          ),
        ].join(', '),
    );
  });
  return lines;
}
