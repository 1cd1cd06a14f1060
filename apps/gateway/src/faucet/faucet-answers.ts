// The faucet endpoint's HTTP answers: its grant, and every error as {"error":{"code","message"}} with the
// status that says why. A refusal of the tx service (FaucetRefusal in its error's data) keeps its meaning.
import { RpcError, logInternalTo, toErrorObject } from '@photon/codec';
import type { Logger } from '@nestjs/common';
import { faucetRefusalOf } from '@photon/types';

export interface FaucetAnswer {
  readonly status: number;
  readonly body: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Stable error codes a faucet page can branch on. */
export type FaucetErrorCode =
  | 'method_not_allowed'
  | 'unsupported_media_type'
  | 'body_too_large'
  | 'invalid_json'
  | 'invalid_address'
  | 'cooldown'
  | 'faucet_empty'
  | 'faucet_unavailable'
  | 'send_failed'
  | 'internal_error';

export const faucetError = (
  status: number,
  code: FaucetErrorCode,
  message: string,
  headers?: Readonly<Record<string, string>>,
): FaucetAnswer => ({
  status,
  body: JSON.stringify({ error: { code, message } }),
  ...(headers === undefined ? {} : { headers }),
});

export const methodNotAllowed = (): FaucetAnswer =>
  faucetError(405, 'method_not_allowed', 'the faucet takes POST', { allow: 'POST' });
export const unsupportedMediaType = (): FaucetAnswer =>
  faucetError(415, 'unsupported_media_type', 'the faucet takes Content-Type: application/json');
export const bodyTooLarge = (limit: number): FaucetAnswer =>
  faucetError(413, 'body_too_large', `the body is over ${limit} bytes`);
export const invalidJson = (): FaucetAnswer =>
  faucetError(400, 'invalid_json', 'the body is not JSON like {"address":"0x…"}');
export const invalidAddress = (): FaucetAnswer =>
  faucetError(400, 'invalid_address', 'the body needs "address": 0x and 40 hex digits');

/** The answer to a failed photon_faucet call: a refusal's status, else 503 (500 for our own bugs, logged with `requestId`). */
export function failedAnswer(error: unknown, log: Logger, requestId?: string): FaucetAnswer {
  const object = toErrorObject(error, logInternalTo(log, requestId));
  const refusal = faucetRefusalOf(object.data);
  switch (refusal?.faucet) {
    case 'cooldown': {
      const seconds = String(refusal.retryAfterSeconds ?? 1);
      return faucetError(429, 'cooldown', object.message, { 'retry-after': seconds });
    }
    case 'empty':
      return faucetError(503, 'faucet_empty', object.message);
    case 'unavailable':
      return faucetError(503, 'faucet_unavailable', object.message);
    case undefined:
      break;
  }
  if (!(error instanceof RpcError) || object.code === -32603) {
    const errorId = (object.data as { errorId?: unknown } | undefined)?.errorId;
    return faucetError(
      500,
      'internal_error',
      typeof errorId === 'string' ? `internal error ${errorId}` : 'internal error',
    );
  }
  // The tx service down or slow (-32002), or the engine refused the send.
  return faucetError(503, object.code === -32002 ? 'faucet_unavailable' : 'send_failed', object.message);
}
