// The id of one HTTP request: the client's (or its proxy's) X-Request-Id when it is one a log line
// can carry as it is, or a fresh one; it goes back as the response's X-Request-Id and, with each
// call, across the bus, so the lines every process logs about the request can be found together.
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Up to 128 letters, digits and `-_.:/+=@`: what proxies and tracers send, nothing a log could misread. */
const SANE_ID = /^[A-Za-z0-9_.:/+=@-]{1,128}$/;

/**
 * A made id is shaped as a UUID (what log tools expect): the first 80 bits random once per process, the last
 * 48 a count, so ids are unique across the replicas of a fleet and within one, at a fraction of a UUID's
 * cost per request. An id names a request, it grants nothing, so being guessable is fine.
 */
const PREFIX = randomUUID().slice(0, 24);
let made = 0;

/** A fresh request id (see PREFIX). */
export const newRequestId = (): string => PREFIX + (++made).toString(16).padStart(12, '0');

export function requestIdOf(given: string | string[] | undefined): string {
  return typeof given === 'string' && SANE_ID.test(given) ? given : newRequestId();
}
