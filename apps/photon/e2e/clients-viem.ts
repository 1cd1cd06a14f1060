// viem for the client tests. Its type declarations are ES modules (viem/_types is "type": "module"),
// which a CommonJS file cannot import statically under node16 resolution; import() loads viem's
// CommonJS build at run time (jest compiles it to a require) and types come in resolution-mode 'import'.
import type * as ViemModule from 'viem' with { 'resolution-mode': 'import' };
import type * as ViemAccountsModule from 'viem/accounts' with { 'resolution-mode': 'import' };

export type Viem = typeof ViemModule;

export const loadViem = (): Promise<Viem> => import('viem');

/** A viem public client of the devnet's chain (id 9000) over the tier's HTTP JSON-RPC. */
export function photonPublicClient(viem: Viem, httpUrl: string): ViemModule.PublicClient {
  return viem.createPublicClient({
    transport: viem.http(httpUrl),
    chain: photonChain(viem, httpUrl),
  });
}

/** viem's local accounts (`privateKeyToAccount`), loaded as `loadViem` loads viem. */
export type ViemAccounts = typeof ViemAccountsModule;

export const loadViemAccounts = (): Promise<ViemAccounts> => import('viem/accounts');

/** The devnet's chain (id 9000) as viem describes a chain, served at `httpUrl`. */
export function photonChain(viem: Viem, httpUrl: string): ViemModule.Chain {
  return viem.defineChain({
    id: 9000,
    name: 'Photon devnet',
    nativeCurrency: { name: 'Photon', symbol: 'PHOTON', decimals: 18 },
    rpcUrls: { default: { http: [httpUrl] } },
  });
}
