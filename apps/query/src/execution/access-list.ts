// geth's access-list accumulation (eth/tracers/logger/access_list_tracer.go) over what the engine can trace:
// a prestateTracer answer names every account and storage slot a call touched. Slots are listed for every
// account; an account without slots only when it is not excluded (the sender, the recipient or created
// contract, the precompiles and the coinbase, all warm anyway). The list only grows, so repeating the call
// with it applied settles.
import type { Hex } from '@photon/types';

export interface AccessListEntry {
  readonly address: Hex;
  readonly storageKeys: readonly Hex[];
}

export type AccessList = readonly AccessListEntry[];

/** Address → slots; the accumulator behind a list. */
type Touched = Map<Hex, Set<Hex>>;

/** The precompiles of Cancun (0x01 ecrecover … 0x0a point evaluation), the engine's fork. */
export const PRECOMPILES: readonly Hex[] = Array.from(
  { length: 10 },
  (_, i): Hex => `0x${(i + 1).toString(16).padStart(40, '0')}`,
);

const lower = (value: string): Hex => value.toLowerCase() as Hex;
const word = (value: string): Hex => `0x${value.slice(2).toLowerCase().padStart(64, '0')}`;

function add(touched: Touched, address: Hex, slots: Iterable<Hex>, excluded: ReadonlySet<Hex>): void {
  const keys = [...slots];
  if (keys.length === 0 && excluded.has(address)) return;
  let set = touched.get(address);
  if (set === undefined) {
    set = new Set();
    touched.set(address, set);
  }
  for (const key of keys) set.add(key);
}

function listOf(touched: Touched): AccessList {
  return [...touched.keys()]
    .sort()
    .map((address) => ({ address, storageKeys: [...(touched.get(address) ?? [])].sort() }));
}

/** The list the first run applies: the caller's own entries, as geth seeds its tracer with them. */
export function seedAccessList(
  given: readonly { readonly address: string; readonly storageKeys: readonly string[] }[] | undefined,
  excluded: ReadonlySet<Hex>,
): AccessList {
  const touched: Touched = new Map();
  for (const entry of given ?? []) add(touched, lower(entry.address), entry.storageKeys.map(word), excluded);
  return listOf(touched);
}

/** The accounts (and their slots) of a prestateTracer answer: `{address: {balance, storage?: {slot: value}}}`. */
export function prestateTouched(trace: unknown): Map<Hex, Hex[]> {
  if (typeof trace !== 'object' || trace === null || Array.isArray(trace)) {
    throw new Error('the engine answered the prestate trace with something else than an object');
  }
  const out = new Map<Hex, Hex[]>();
  for (const [address, account] of Object.entries(trace as Record<string, unknown>)) {
    const storage = (account as { storage?: unknown } | null)?.storage;
    const slots = typeof storage === 'object' && storage !== null ? Object.keys(storage) : [];
    out.set(lower(address), slots.map(word));
  }
  return out;
}

/** `applied` with what a run that applied it touched. */
export function grownAccessList(
  applied: AccessList,
  touchedByRun: ReadonlyMap<Hex, readonly Hex[]>,
  excluded: ReadonlySet<Hex>,
): AccessList {
  const touched: Touched = new Map();
  for (const entry of applied) add(touched, entry.address, entry.storageKeys, new Set());
  for (const [address, slots] of touchedByRun) add(touched, address, slots, excluded);
  return listOf(touched);
}

/** Same accounts, same slots (both lists sorted, as this module makes them). */
export function sameAccessList(a: AccessList, b: AccessList): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * geth's loop: run the call with the list so far, grow the list by what the run touched, stop when a run
 * adds nothing (the list returned is the one that run applied). Throws past `maxRuns` runs.
 */
export async function settleAccessList(
  seed: AccessList,
  excluded: ReadonlySet<Hex>,
  traceWith: (list: AccessList) => Promise<unknown>,
  maxRuns: number,
): Promise<AccessList> {
  let list = seed;
  for (let run = 0; run < maxRuns; run += 1) {
    const grown = grownAccessList(list, prestateTouched(await traceWith(list)), excluded);
    if (sameAccessList(grown, list)) return list;
    list = grown;
  }
  throw new AccessListUnsettledError(maxRuns);
}

export class AccessListUnsettledError extends Error {
  constructor(readonly runs: number) {
    super(`access list did not settle after ${runs} runs of the call`);
  }
}
