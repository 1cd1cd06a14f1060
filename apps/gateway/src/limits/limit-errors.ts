// The errors of per-client protection, as they go on the wire.
import {
  type ErrorObject,
  InvalidRequestError,
  LimitExceededError,
  ResourceUnavailableError,
} from '@photon/codec';

/** -32005 (as Infura, Alchemy and besu answer), with the limit and when to come back in `data`. */
export const rateLimited = (limit: number, windowMs: number, retryAfterSeconds: number): ErrorObject =>
  new LimitExceededError(
    `rate limit exceeded: ${limit} cost units per ${windowMs / 1000} s; retry in ${retryAfterSeconds} s`,
    { limit, windowSeconds: windowMs / 1000, retryAfterSeconds },
  ).toErrorObject();

/** A request whose own cost is past the limit can never pass: saying "retry" would mislead. */
export const costAboveLimit = (cost: number, limit: number, windowMs: number): ErrorObject =>
  new LimitExceededError(
    `request costs ${cost} units, more than the rate limit of ${limit} per ${windowMs / 1000} s; send fewer items`,
    { limit, windowSeconds: windowMs / 1000, cost },
  ).toErrorObject();

/** --rate-limit-store-down refuse, while Redis does not answer. */
export const rateLimitStoreDown = (): ErrorObject =>
  new ResourceUnavailableError('rate limit store unavailable, try again shortly').toErrorObject();

/** An X-Api-Key the gateway does not know (the key itself is not repeated). */
export const unknownApiKey = (): ErrorObject =>
  new InvalidRequestError('unknown API key (X-Api-Key)').toErrorObject();

/** A websocket handshake past --ws-max-connections-per-ip. */
export const tooManyConnections = (max: number): ErrorObject =>
  new LimitExceededError(`too many websocket connections from this address (the limit is ${max})`, {
    limit: max,
  }).toErrorObject();

/** An HTTP connection past --http-max-connections-per-ip. */
export const tooManyHttpConnections = (max: number): ErrorObject =>
  new LimitExceededError(
    `too many HTTP connections from this address (the limit is ${max}, --http-max-connections-per-ip)`,
    { limit: max },
  ).toErrorObject();
