// An event the chain publishes to websocket subscribers, already in CometBFT's JSON form: the
// `data` of a subscription message ({type, value}) and the composite-key map queries match on.
export type CometEventType = 'NewBlock' | 'NewBlockHeader' | 'Tx' | 'ValidatorSetUpdates';

export interface CometEvent {
  readonly type: CometEventType;
  /** `value` of `data: {type: "tendermint/event/<type>", value}` in CometBFT's JSON encoding. */
  readonly value: unknown;
  /** Composite keys such as `tm.event`, `tx.hash`, `ethereum.recipient`, each with its values. */
  readonly events: Readonly<Record<string, readonly string[]>>;
}

export type EventListener = (event: CometEvent) => void;

/** In-process fan-out from the block producer to the websocket sessions. */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  publish(event: CometEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  /** Returns the function that removes the listener. */
  listen(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
