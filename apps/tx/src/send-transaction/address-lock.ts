// One send at a time per sender in this replica (geth's nonceLock): the pending nonce read and the
// broadcast of one send finish before the next send from that address reads the nonce.
export class AddressLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(address: string, task: () => Promise<T>): Promise<T> {
    const key = address.toLowerCase();
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.catch(() => undefined).then(task);
    this.tails.set(key, current);
    try {
      return await current;
    } finally {
      if (this.tails.get(key) === current) this.tails.delete(key);
    }
  }
}
