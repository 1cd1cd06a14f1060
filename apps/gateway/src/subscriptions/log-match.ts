// Whether a log (as eth_getLogs answers it) matches a logs subscription's criteria: one of the addresses
// when any are given, and per topic position either any topic (null) or one of those listed.

export interface LogCriteria {
  /** Lowercase; undefined (or empty) = any address. */
  readonly addresses?: ReadonlySet<string>;
  /** Per position the accepted topics (lowercase), or null for any. */
  readonly topics?: readonly (ReadonlySet<string> | null)[];
}

interface WireLog {
  readonly address?: unknown;
  readonly topics?: unknown;
}

export function logMatches(log: WireLog, criteria: LogCriteria): boolean {
  const { addresses } = criteria;
  if (addresses !== undefined && addresses.size > 0) {
    const address = typeof log.address === 'string' ? log.address.toLowerCase() : '';
    if (!addresses.has(address)) return false;
  }
  const topics = Array.isArray(log.topics) ? (log.topics as unknown[]) : [];
  const wanted = criteria.topics ?? [];
  if (wanted.length > topics.length) return false;
  return wanted.every((accepted, position) => {
    if (accepted === null || accepted.size === 0) return true;
    const topic = topics[position];
    return typeof topic === 'string' && accepted.has(topic.toLowerCase());
  });
}
