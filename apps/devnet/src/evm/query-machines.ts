// The query VMs kept between calls, by state root: a call takes an idle machine of its height's root (or
// makes one), runs, and gives it back, so an eth_call pays for its execution instead of building a VM and
// warming a fresh state every time. Only a few roots are kept (the latest ones are what clients ask for),
// and a machine whose call failed outside the EVM's own outcomes, or left a checkpoint open, is dropped
// rather than trusted again.
import { bytesToHex } from '@ethereumjs/util';
import type { QueryMachine } from './call';
import { CallGate } from './call-gate';
import { EvmCallError, EvmTimeoutError } from './errors';
import type { BlockRecord } from './types';

export interface QueryMachineLimits {
  /** State roots kept, least recently used dropped first. */
  readonly roots: number;
  /** Idle machines kept per root (one per concurrent call). */
  readonly perRoot: number;
  /** Calls running at once (each on its own machine); later ones wait their turn. */
  readonly running: number;
}

/**
 * A machine costs ~100 KB idle but ~15 ms to make and warm: as many are kept per root as calls may run at
 * once, so that a client with many calls in flight (the query service keeps up to 64 engine sockets) does not
 * make and drop machines all the time (at 50 concurrent calls with 4 kept and no gate: 288 machines made per
 * 3,000 calls, doubling the CPU of a call).
 */
const DEFAULT_LIMITS: QueryMachineLimits = { roots: 4, perRoot: 8, running: 8 };

export class QueryMachines {
  /** Idle machines by state root; the map's order is the roots' recency, oldest first. */
  private readonly idle = new Map<string, QueryMachine[]>();
  private readonly gate: CallGate;

  constructor(
    private readonly make: (record: BlockRecord) => Promise<QueryMachine>,
    private readonly limits: QueryMachineLimits = DEFAULT_LIMITS,
  ) {
    this.gate = new CallGate(limits.running);
  }

  /** Runs `call` on a machine at `record`'s state, alone on it for the call's duration, once it is its turn. */
  use<T>(record: BlockRecord, call: (machine: QueryMachine) => Promise<T>): Promise<T> {
    return this.gate.run(() => this.runOnMachine(record, call));
  }

  private async runOnMachine<T>(
    record: BlockRecord,
    call: (machine: QueryMachine) => Promise<T>,
  ): Promise<T> {
    const root = bytesToHex(record.stateRoot);
    const machine = this.take(root) ?? (await this.make(record));
    let reusable = true;
    try {
      return await call(machine);
    } catch (error) {
      // Refusals and timeouts are the EVM's own outcomes; any other failure may have left anything behind.
      reusable = error instanceof EvmCallError || error instanceof EvmTimeoutError;
      throw error;
    } finally {
      machine.clock.deadline = undefined;
      // A call cut off inside the EVM (a timeout mid-execution) leaves its frames' checkpoints open, and with
      // them its writes under the next call's: such a machine is never reused.
      if (reusable && machine.state.settled) this.giveBack(root, machine);
    }
  }

  /** Idle machines kept now (for tests and metrics). */
  get idleCount(): number {
    let count = 0;
    for (const machines of this.idle.values()) count += machines.length;
    return count;
  }

  private take(root: string): QueryMachine | undefined {
    const machines = this.idle.get(root);
    if (machines === undefined) return undefined;
    this.touch(root, machines);
    return machines.pop();
  }

  private giveBack(root: string, machine: QueryMachine): void {
    const machines = this.idle.get(root) ?? [];
    if (machines.length < this.limits.perRoot) machines.push(machine);
    this.touch(root, machines);
    while (this.idle.size > this.limits.roots) {
      const oldest = this.idle.keys().next().value;
      if (oldest === undefined) break;
      this.idle.delete(oldest);
    }
  }

  private touch(root: string, machines: QueryMachine[]): void {
    this.idle.delete(root);
    this.idle.set(root, machines);
  }
}
