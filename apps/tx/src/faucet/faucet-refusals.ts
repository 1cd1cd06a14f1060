// The faucet's refusals as errors whose `data` says which (see FaucetRefusal in @photon/types), so the
// gateway can answer each with its HTTP status, and the send failures that mean one of them.
import { LimitExceededError, ResourceUnavailableError, RpcError } from '@photon/codec';
import type { FaucetRefusal } from '@photon/types';

export const cooldown = (retryAfterMs: number): LimitExceededError => {
  const data: FaucetRefusal = {
    faucet: 'cooldown',
    retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
  };
  return new LimitExceededError('the faucet sent to this address or client too recently', data);
};

export const unavailable = (message: string): ResourceUnavailableError =>
  new ResourceUnavailableError(message, { faucet: 'unavailable' } satisfies FaucetRefusal);

export const empty = (): ResourceUnavailableError =>
  new ResourceUnavailableError('the faucet is empty', { faucet: 'empty' } satisfies FaucetRefusal);

/** What a failed send means for the faucet: a refusal when it is one (keystore or engine), else itself. */
export function faucetFailure(error: unknown): unknown {
  if (!(error instanceof RpcError)) return error;
  // geth's words, as the keystore and the engine answer them (see keystore-errors.ts, check-tx-errors.ts).
  if (error.message === 'unknown account') return unavailable('the faucet key is no keystore account');
  if (error.message.startsWith('authentication needed')) return unavailable('the faucet key is not unlocked');
  if (error.message.startsWith('insufficient funds')) return empty();
  return error;
}
