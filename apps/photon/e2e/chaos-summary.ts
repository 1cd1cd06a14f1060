// What the chaos test measured, reduced to the numbers it asserts and prints: failed requests by fault
// and cause, heads missed by subscribers, filters lost, accepted txs without a receipt.
import type { Failure } from './chaos-calls';
import type { HeadSubscriber, PolledFilter, SentTx } from './chaos-load';

export interface Fault {
  readonly name: string;
  readonly startMs: number;
  endMs: number;
  note: string;
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
