// How many connections each client address holds open on this gateway, against a cap. Counted here,
// not in Redis: a connection lives on one gateway, and its count must never outlive a gateway that died.
export class ConnectionCap {
  private readonly open = new Map<string, number>();

  /** `max` 0: no cap. */
  constructor(private readonly max: number) {}

  /** True when one more connection from `address` is within the cap. */
  admits(address: string): boolean {
    return this.max === 0 || (this.open.get(address) ?? 0) < this.max;
  }

  /** Counts an accepted connection until it closes. */
  track(address: string, socket: { once(event: 'close', listener: () => void): unknown }): void {
    this.open.set(address, (this.open.get(address) ?? 0) + 1);
    socket.once('close', () => {
      const left = (this.open.get(address) ?? 1) - 1;
      if (left <= 0) this.open.delete(address);
      else this.open.set(address, left);
    });
  }

  /** Connections `address` holds open now. */
  held(address: string): number {
    return this.open.get(address) ?? 0;
  }

  get limit(): number {
    return this.max;
  }
}
