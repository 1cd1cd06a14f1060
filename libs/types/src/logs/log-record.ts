// A log line about one request: what a Nest logger call passes as its message when the line should
// carry the request id (the logger of the photon commands makes it a field, or appends it in text).
//
// The id is passed by whoever writes the line, not carried by an async-context scope: on node 20 an
// AsyncLocalStorage puts a promise hook on every promise of the process once entered, 11-12 % of the
// CPU of a request in photon start (bench/README.md, "The request scope, dropped").

export interface LogRecord {
  readonly msg: string;
  /** The request id the gateway took or made (X-Request-Id), absent for work of the service's own. */
  readonly requestId?: string;
}

export function isLogRecord(message: unknown): message is LogRecord {
  return (
    typeof message === 'object' && message !== null && typeof (message as { msg?: unknown }).msg === 'string'
  );
}

/** `msg` as a record carrying `requestId`, or the plain text when there is no id. */
export const aboutRequest = (msg: string, requestId: string | undefined): string | LogRecord =>
  requestId === undefined ? msg : { msg, requestId };
