// What the gateway and the events service say to each other about a filter poll: photon_pollFilter's
// changes with the poll that proposed the filter's new cursor, and photon_filterDelivered's answer.

/** photon_pollFilter's result: eth_getFilterChanges's changes, and the poll to confirm when there are any. */
export interface FilterPollResult {
  readonly changes: readonly unknown[];
  /** Absent when the cursor moved at once (nothing to deliver, so nothing to lose). */
  readonly poll?: string;
}

/**
 * photon_filterDelivered's result: `confirmed` (the cursor moved past the changes), `superseded` (a later poll
 * carries them: these are not to be delivered) or `gone` (the filter is).
 */
export type FilterDeliveryOutcome = 'confirmed' | 'superseded' | 'gone';
