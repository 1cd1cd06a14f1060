// The method table: one row per wire method Photon knows of, served or not. The gateway routes by
// it, handlers register against its names (a renamed method breaks the build), and the OpenRPC
// document is generated from it.
import type { MethodRow } from './method-row';
import { DEBUG_ROWS } from './rows-debug';
import { ETH_ROWS } from './rows-eth';
import { PERSONAL_ROWS } from './rows-personal';
import { RPC_ROWS } from './rows-rpc';
import { TXPOOL_ROWS } from './rows-txpool';
import { UNSERVED_ROWS } from './rows-unserved';
import { WEB3_NET_ROWS } from './rows-web3-net';

export const METHOD_TABLE = [
  ...WEB3_NET_ROWS,
  ...ETH_ROWS,
  ...PERSONAL_ROWS,
  ...TXPOOL_ROWS,
  ...DEBUG_ROWS,
  ...RPC_ROWS,
  ...UNSERVED_ROWS,
] as const satisfies readonly MethodRow[];

export type MethodName = (typeof METHOD_TABLE)[number]['method'];

export { META_NAMESPACE, exposedNamespaces } from './rows-rpc';

const rowsByName: ReadonlyMap<string, MethodRow> = new Map(METHOD_TABLE.map((row) => [row.method, row]));

/** The row of a wire method name, following aliases to their canonical row; undefined if unknown. */
export function findMethod(name: string): MethodRow | undefined {
  const row = rowsByName.get(name);
  if (row?.aliasOf === undefined) return row;
  return rowsByName.get(row.aliasOf);
}

export function isMethodName(name: string): name is MethodName {
  return rowsByName.has(name);
}

/** What a call of a row without its own `cost` spends of a client's rate limit. */
export const DEFAULT_METHOD_COST = 1;

/** Rate-limit units one call of `name` spends; unknown and unserved names cost the default. */
export function methodCost(name: string): number {
  return findMethod(name)?.cost ?? DEFAULT_METHOD_COST;
}
