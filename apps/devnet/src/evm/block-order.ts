// The order a block takes the mempool's txs in, as Ethermint's app-side mempool (the Cosmos SDK's
// PriorityNonceMempool, read by PrepareProposal) gives them: by priority, highest first, never ahead of a
// lower nonce of the same sender. A Cosmos tx is one unit: its messages stay together, its sender and nonce
// are its first message's (EthSignerExtractionAdapter) and its priority the lowest of its messages' (the
// ante handler's minPriority). Equal priorities keep arrival order.
import type { PendingTx } from './mempool';

/** One Cosmos tx of the mempool. */
interface Unit {
  readonly messages: PendingTx[];
  readonly priority: bigint;
  /** Arrival of its first message. */
  readonly seq: number;
}

const before = (a: Unit, b: Unit): boolean =>
  a.priority !== b.priority ? a.priority > b.priority : a.seq < b.seq;

/** Sender queues of units by nonce, as a binary heap on each queue's head. */
class HeadHeap {
  private readonly heap: Unit[][] = [];

  push(queue: Unit[]): void {
    this.heap.push(queue);
    let i = this.heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  pop(): Unit[] | undefined {
    const top = this.heap[0];
    const last = this.heap.pop();
    if (top === undefined || last === undefined || this.heap.length === 0) return top;
    this.heap[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let best = i;
      if (left < this.heap.length && this.less(left, best)) best = left;
      if (right < this.heap.length && this.less(right, best)) best = right;
      if (best === i) return top;
      this.swap(i, best);
      i = best;
    }
  }

  private less(i: number, j: number): boolean {
    const a = this.heap[i]?.[0];
    const b = this.heap[j]?.[0];
    return a !== undefined && b !== undefined && before(a, b);
  }

  private swap(i: number, j: number): void {
    const a = this.heap[i]!;
    this.heap[i] = this.heap[j]!;
    this.heap[j] = a;
  }
}

/** Groups `pending` (in arrival order) into Cosmos txs, queued per sender by nonce. */
function senderQueues(pending: readonly PendingTx[]): Unit[][] {
  const byCosmosTx = new Map<number, PendingTx[]>();
  for (const tx of pending) {
    const messages = byCosmosTx.get(tx.cosmosTx);
    if (messages === undefined) byCosmosTx.set(tx.cosmosTx, [tx]);
    else messages.push(tx);
  }
  const queues = new Map<string, Unit[]>();
  for (const messages of byCosmosTx.values()) {
    const first = messages[0]!;
    const priority = messages.reduce((low, tx) => (tx.priority < low ? tx.priority : low), first.priority);
    const queue = queues.get(first.sender) ?? [];
    queue.push({ messages, priority, seq: first.seq });
    queues.set(first.sender, queue);
  }
  for (const queue of queues.values()) {
    queue.sort((a, b) => {
      const [x, y] = [a.messages[0]!.nonce, b.messages[0]!.nonce];
      return x < y ? -1 : x > y ? 1 : a.seq - b.seq;
    });
  }
  return [...queues.values()];
}

/** The pending txs (given in arrival order) in the order a block takes them. */
export function blockOrder(pending: readonly PendingTx[]): PendingTx[] {
  const heads = new HeadHeap();
  for (const queue of senderQueues(pending)) heads.push(queue);
  const order: PendingTx[] = [];
  for (let queue = heads.pop(); queue !== undefined; queue = heads.pop()) {
    const unit = queue.shift()!;
    order.push(...unit.messages);
    if (queue.length > 0) heads.push(queue);
  }
  return order;
}
