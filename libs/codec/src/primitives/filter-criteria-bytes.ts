// What a log filter's criteria weigh, the same way wherever they are held (a logs subscription on a
// gateway, a polling filter in the store): the hex text of its addresses and topics, so a bound on them
// reads in the units a client sends.
import type { FilterTopics } from './filter-topics';

/** `0x` + 40 hex digits. */
export const ADDRESS_TEXT_BYTES = 42;
/** `0x` + 64 hex digits. */
export const TOPIC_TEXT_BYTES = 66;

export interface FilterCriteriaParts {
  readonly address?: readonly string[];
  readonly topics?: FilterTopics;
}

/** Bytes of hex text in `criteria`: 42 per address and 66 per topic (a maximal filter: 306,000). */
export function filterCriteriaBytes(criteria: FilterCriteriaParts): number {
  let topics = 0;
  for (const position of criteria.topics ?? []) topics += position?.length ?? 0;
  return (criteria.address?.length ?? 0) * ADDRESS_TEXT_BYTES + topics * TOPIC_TEXT_BYTES;
}
