// JSON-RPC 2.0 over HTTP POST to a CometBFT node: pooled keep-alive sockets, a deadline per call, and every
// failure turned into a typed engine error (a dead engine fails fast, never hangs).
import http from 'node:http';
import https from 'node:https';
import { EngineResponseError, EngineRpcError, EngineUnavailableError } from '../errors';

export interface JsonRpcTransportOptions {
  /** Deadline of a call unless the call gives its own (default 10 s). */
  timeoutMs?: number;
  /** Sockets kept per engine (default 64). */
  maxSockets?: number;
}

export type RpcParams = Readonly<Record<string, string | boolean | undefined>>;

const DEFAULT_TIMEOUT_MS = 10_000;
/** Network errors that mean "nobody answered", as opposed to a bad answer. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ETIMEDOUT',
]);

class CallTimeout extends Error {}

export class JsonRpcTransport {
  private readonly agent: http.Agent;
  private readonly timeoutMs: number;
  private nextId = 1;

  constructor(
    readonly url: URL,
    opts: JsonRpcTransportOptions = {},
  ) {
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const agentOptions = { keepAlive: true, maxSockets: opts.maxSockets ?? 64 };
    this.agent = url.protocol === 'https:' ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
  }

  /** The `result` of `method`; throws EngineUnavailableError, EngineRpcError or EngineResponseError. */
  async call(method: string, params: RpcParams = {}, timeoutMs = this.timeoutMs): Promise<unknown> {
    const id = this.nextId++;
    const body = JSON.stringify({ jsonrpc: '2.0', id, method, params: definedOnly(params) });
    // One deadline for the whole call, retry included.
    const deadline = AbortSignal.timeout(timeoutMs);
    let answer: { status: number; text: string };
    try {
      answer = await this.post(body, deadline);
    } catch (error) {
      // A pooled socket the server closed while idle fails at once with ECONNRESET; the request never reached
      // the node, so one retry on a fresh socket is safe.
      if (!isStaleSocket(error)) throw toEngineError(method, error, timeoutMs);
      try {
        answer = await this.post(body, deadline);
      } catch (retryError) {
        throw toEngineError(method, retryError, timeoutMs);
      }
    }
    return readAnswer(method, answer);
  }

  /** Closes pooled sockets; calls made afterwards open new ones. */
  close(): void {
    this.agent.destroy();
  }

  private post(body: string, deadline: AbortSignal): Promise<{ status: number; text: string }> {
    const request = this.url.protocol === 'https:' ? https.request : http.request;
    return new Promise((resolve, reject) => {
      if (deadline.aborted) {
        reject(new CallTimeout());
        return;
      }
      const req = request(this.url, {
        method: 'POST',
        agent: this.agent,
        signal: deadline,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      // Whichever of req/res reports the failure, a passed deadline is reported as the timeout.
      const fail = (error: Error) =>
        reject(
          deadline.aborted ? new CallTimeout() : Object.assign(error, { reusedSocket: req.reusedSocket }),
        );
      req.on('error', fail);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', fail);
        // A body cut short (deadline, reset) may end with 'close' alone.
        res.on('close', () => {
          if (!res.complete) fail(new Error('socket hang up'));
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
      });
      req.end(body);
    });
  }
}

function definedOnly(params: RpcParams): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) out[key] = value;
  return out;
}

function isStaleSocket(error: unknown): boolean {
  const e = error as { code?: unknown; reusedSocket?: unknown };
  return e.reusedSocket === true && e.code === 'ECONNRESET';
}

function toEngineError(method: string, error: unknown, timeoutMs: number): Error {
  if (error instanceof CallTimeout) {
    return new EngineUnavailableError(method, `timeout after ${timeoutMs} ms`, 'timeout');
  }
  const e = error as { code?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : String(error);
  if (UNAVAILABLE_CODES.has(code) || message === 'socket hang up') {
    return new EngineUnavailableError(method, message, 'connection');
  }
  return error instanceof Error ? error : new Error(message);
}

function readAnswer(method: string, answer: { status: number; text: string }): unknown {
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    // A proxy in front of a dead node answers 502/503 with HTML.
    if (answer.status >= 500) {
      throw new EngineUnavailableError(method, `HTTP ${answer.status} without JSON`, 'connection');
    }
    throw new EngineResponseError(method, `HTTP ${answer.status}, body is not JSON`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new EngineResponseError(method, 'the answer is not a JSON-RPC response object');
  }
  const envelope = json as { result?: unknown; error?: unknown };
  if (envelope.error !== undefined && envelope.error !== null) {
    const error = envelope.error as { code?: unknown; message?: unknown; data?: unknown };
    const data = error.data;
    throw new EngineRpcError(
      method,
      typeof error.code === 'number' ? error.code : 0,
      typeof error.message === 'string' ? error.message : '',
      data === undefined || data === null
        ? undefined
        : typeof data === 'string'
          ? data
          : JSON.stringify(data),
    );
  }
  if (!('result' in envelope)) throw new EngineResponseError(method, 'neither result nor error');
  return envelope.result;
}
