// The id of one HTTP request: the client's (or its proxy's) X-Request-Id when it is one a log line
// can carry as it is, or a fresh one; it goes back as the response's X-Request-Id and, with each
// call, across the bus, so the lines every process logs about the request can be found together.
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Up to 128 letters, digits and `-_.:/+=@`: what proxies and tracers send, nothing a log could misread. */
const SANE_ID = /^[A-Za-z0-9_.:/+=@-]{1,128}$/;

export function requestIdOf(given: string | string[] | undefined): string {
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}
