// The only values a label of a Photon metric may take: method names of the method table and of the
// internal service-to-service methods (photon_faucet, …), JSON-RPC error codes and service names.
// Whatever a client sent that is not a known method name (a typo, a key pasted as a method) collapses
// into one label, so metrics never carry client input and their series stay bounded.
import { RpcError } from '@photon/codec';
import { findInternalMethod, findMethod } from '@photon/types';

/** Calls whose method is not in the method table. */
export const UNKNOWN_METHOD = '(unknown)';
/** Request items refused before a method was read (not JSON, not a request object). */
export const INVALID_REQUEST = '(invalid)';
/** JSON-RPC's "internal error", for failures that carry no code of their own. */
export const INTERNAL_ERROR_CODE = -32603;

export function methodLabel(method: string): string {
  return findMethod(method) === undefined && findInternalMethod(method) === undefined
    ? UNKNOWN_METHOD
    : method;
}

/** A JSON-RPC error code as a label; anything but a safe integer counts as an internal error. */
export function codeLabel(code: number): string {
  return String(Number.isSafeInteger(code) ? code : INTERNAL_ERROR_CODE);
}

/** The code a call rejected with `error` answers (as toErrorObject maps it): an RpcError's own, else internal. */
export function errorCodeOf(error: unknown): number {
  return error instanceof RpcError ? error.code : INTERNAL_ERROR_CODE;
}
