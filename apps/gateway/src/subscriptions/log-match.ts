// Whether a log (as eth_getLogs answers it) matches a logs subscription's criteria: one of the addresses
// when any are given, and per topic position either any topic (null) or one of those listed.
import type { FilterTopics } from '@photon/codec';

export interface LogCriteria {
  /** Lowercase; undefined = any address. */
  readonly addresses?: readonly string[];
  readonly topics?: FilterTopics;
}

interface WireLog {
  readonly address?: unknown;
  readonly topics?: unknown;
}

export function logMatches(log: WireLog, criteria: LogCriteria): boolean {
  const address = typeof log.address === 'string' ? log.address.toLowerCase() : '';
  if (
    criteria.addresses !== undefined &&
    criteria.addresses.length > 0 &&
    !criteria.addresses.includes(address)
  )
    return false;
  const topics = Array.isArray(log.topics) ? (log.topics as unknown[]) : [];
  const wanted = criteria.topics ?? [];
  if (wanted.length > topics.length) return false;
  return wanted.every((accepted, position) => {
    if (accepted === null || accepted.length === 0) return true;
    const topic = topics[position];
    return typeof topic === 'string' && accepted.includes(topic.toLowerCase());
  });
}
