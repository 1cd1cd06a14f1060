// The chaos test's bookkeeping of every JSON-RPC call it makes: each call's outcome, and for a failure,
// when it ran and what the client saw (a JSON-RPC error, whoever wrote it, or a broken connection), so the
// summary can tell failures in flight at a fault from failures that should not have happened.

export interface Failure {
  readonly client: string;
  readonly method: string;
  readonly startedMs: number;
  readonly endedMs: number;
  /** 'json-rpc' when the client got a JSON-RPC error object; 'transport' when it got none (reset, timeout, HTML). */
  readonly kind: 'json-rpc' | 'transport';
  /** e.g. `-32002 service query is unavailable` or `ECONNRESET`. */
  readonly what: string;
}

export interface RpcOutcome<R> {
  readonly result?: R;
  readonly error?: { code: number; message: string };
  /** Set when the call failed without a JSON-RPC answer. */
  readonly transport?: string;
}

/** Every call's span and how it ended, so the summary can say what the calls made during a fault got. */
export interface CallSpan {
  readonly startedMs: number;
  readonly endedMs: number;
  readonly ended: 'result' | 'json-rpc' | 'transport';
}

export class CallLog {
  calls = 0;
  readonly failures: Failure[] = [];
  readonly spans: CallSpan[] = [];

  /** Records a call that ended in `outcome`, made by `client`. */
  record(client: string, method: string, startedMs: number, outcome: RpcOutcome<unknown>): void {
    this.calls++;
    const endedMs = Date.now();
    this.spans.push({
      startedMs,
      endedMs,
      ended:
        outcome.transport !== undefined ? 'transport' : outcome.error !== undefined ? 'json-rpc' : 'result',
    });
    if (outcome.transport !== undefined)
      this.failures.push({ client, method, startedMs, endedMs, kind: 'transport', what: outcome.transport });
    else if (outcome.error !== undefined)
      this.failures.push({
        client,
        method,
        startedMs,
        endedMs,
        kind: 'json-rpc',
        what: `${outcome.error.code} ${outcome.error.message}`,
      });
  }
}

// Past the gateway's longest per-method timeout (28 s): a call that runs into it got no answer at all.
const CALL_TIMEOUT_MS = 35_000;

/** One JSON-RPC call over HTTP; never throws: a broken exchange is a `transport` outcome. */
export async function call<R>(
  log: CallLog,
  client: string,
  url: string,
  method: string,
  params: unknown[] = [],
): Promise<RpcOutcome<R>> {
  const startedMs = Date.now();
  let outcome: RpcOutcome<R>;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await res.text();
    let body: { result?: R; error?: { code: number; message: string } } | undefined;
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      body = undefined;
    }
    if (body?.error !== undefined) outcome = { error: body.error };
    else if (body !== undefined && 'result' in body) outcome = { result: body.result };
    else outcome = { transport: `HTTP ${res.status} without a JSON-RPC answer: ${text.slice(0, 80)}` };
  } catch (error) {
    outcome = { transport: transportError(error) };
  }
  log.record(client, method, startedMs, outcome);
  return outcome;
}

/** The code of what broke an exchange (ECONNRESET, ECONNREFUSED, TimeoutError…), from fetch's cause chain. */
export function transportError(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined; depth++) {
    const { code, name, cause } = current as { code?: string; name?: string; cause?: unknown };
    if (typeof code === 'string') return code;
    if (name === 'TimeoutError') return 'timeout';
    current = cause;
  }
  return error instanceof Error ? error.message : String(error);
}
