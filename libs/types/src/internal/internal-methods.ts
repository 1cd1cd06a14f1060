// Methods the services call on each other over the bus and no client may call: the gateway routes
// only the method table, so a name here answers -32601 from outside, and it is in no OpenRPC document.
import type { ServiceName, TimeoutClass } from '../method-table/method-row';

export interface InternalMethodRow {
  readonly method: string;
  readonly service: ServiceName;
  readonly timeout: TimeoutClass;
  readonly summary: string;
}

export const INTERNAL_METHODS = [
  {
    method: 'photon_faucet',
    service: 'tx',
    timeout: 'submit',
    summary:
      "The gateway's faucet endpoint: send the faucet amount to an address, under its and the client's cooldowns.",
  },
  {
    method: 'photon_signTransaction',
    service: 'keystore',
    timeout: 'submit',
    summary:
      "Sign with an unlocked account for the tier's own sends (the faucet); no client call, so no exposure rule.",
  },
  {
    method: 'photon_pollFilter',
    service: 'events',
    timeout: 'scan',
    summary:
      "The gateway's eth_getFilterChanges: the changes and the poll whose proposed cursor photon_filterDelivered confirms.",
  },
  {
    method: 'photon_filterDelivered',
    service: 'events',
    timeout: 'instant',
    summary: "The gateway got a poll's reply: move the filter's cursor to the position that poll proposed.",
  },
] as const satisfies readonly InternalMethodRow[];

export type InternalMethodName = (typeof INTERNAL_METHODS)[number]['method'];

const rowsByName: ReadonlyMap<string, InternalMethodRow> = new Map(
  INTERNAL_METHODS.map((row) => [row.method, row]),
);

/** The row of an internal method; undefined for every other name (client methods included). */
export function findInternalMethod(name: string): InternalMethodRow | undefined {
  return rowsByName.get(name);
}
