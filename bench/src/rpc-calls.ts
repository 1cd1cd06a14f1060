// The JSON-RPC requests the workloads are made of: an envelope, the token call and the distinct
// accounts that keep a response cache from answering.
import { toQuantity, zeroPadValue } from 'ethers';

import { TOKEN, TOKEN_INTERFACE, TRANSFERS, TRANSFER_AMOUNT } from './bench-chain';

/** One JSON-RPC 2.0 request object. */
export function call(method: string, params: unknown[], id: number): object {
  return { jsonrpc: '2.0', id, method, params };
}

/** HOLDER's token balance once every transfer landed: what `balanceOf(HOLDER)` returns. */
export const HOLDER_TOKENS = zeroPadValue(toQuantity(TRANSFER_AMOUNT * BigInt(TRANSFERS)), 32);

/**
 * The n-th of many distinct addresses that hold nothing: a recognisable prefix and the counter, so
 * no two requests of a run ask about the same account.
 */
export function callerAddress(n: number): `0x${string}` {
  if (!Number.isSafeInteger(n) || n < 0)
    throw new RangeError(`caller index must be a whole number, got ${n}`);
  return `0xca11e7${n.toString(16).padStart(34, '0')}`;
}

/** eth_call params of PhotonToken's `balanceOf(holder)` at `latest`. */
export const balanceOfCall = (holder: string): unknown[] => [
  { to: TOKEN, data: TOKEN_INTERFACE.encodeFunctionData('balanceOf', [holder]) },
  'latest',
];
