// A log line about one request: what a Nest logger call passes as its message when the line should
// carry the request id (the logger of the photon commands makes it a field, or appends it in text).

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
