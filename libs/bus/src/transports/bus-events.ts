// The events services publish on the bus, by subject, with their payloads: fire-and-forget
// notices (no reply, no delivery guarantee) for filters and subscriptions.

export interface BusEvents {
  /** A transaction the engine accepted into its mempool (tx service), for pending-tx filters and subscriptions. */
  'tx.pending': { readonly hash: string };
}

export type BusEventSubject = keyof BusEvents;

export type BusEventListener<S extends BusEventSubject> = (payload: BusEvents[S]) => void;
