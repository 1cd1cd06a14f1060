// JSON-RPC 2.0 over HTTP POST to a CometBFT node: pooled keep-alive sockets, a deadline per call, every
// failure turned into a typed engine error (a dead engine fails fast, never hangs), and reads made in the same
// turn of the event loop sent together as one JSON-RPC batch (CometBFT answers batches on POST /).
import http from 'node:http';
import https from 'node:https';
import { EngineResponseError, EngineRpcError, EngineUnavailableError } from '../errors';
import { Deadline } from './deadline';

export interface JsonRpcTransportOptions {
  /** Deadline of a call unless the call gives its own (default 10 s). */
  timeoutMs?: number;
  /** Sockets kept per engine (default 64). */
  maxSockets?: number;
  /**
   * Most calls sent as one JSON-RPC batch (default 1: every call alone). Calls made in the same turn of the
   * event loop with the same deadline share one HTTP request, up to this many: under load this saves a round
   * trip's parsing and syscalls on both sides per call, at the price of each answer waiting for the slowest
   * call of its batch. CometBFT refuses batches over its `max_request_batch_size` (10 by default).
   */
  maxBatch?: number | undefined;
  /** The exchange in memory instead of HTTP (see EnginePost); `url` still names the node in errors. */
  post?: EnginePost | undefined;
}

export type RpcParams = Readonly<Record<string, string | boolean | undefined>>;

/** One POST / exchange: the JSON-RPC request text in, the node's HTTP status and answer text out. */
export interface EngineAnswer {
  readonly status: number;
  readonly text: string;
}

/**
 * How a JSON-RPC request text reaches the node and its answer comes back, when not over HTTP: `photon start`
 * passes the same CometBFT frames to the devnet on its worker thread in memory. It rejects when the node is
 * gone (an error with `code` ECONNREFUSED), and when `deadline` passes.
 */
export type EnginePost = (body: string, deadline: Deadline) => Promise<EngineAnswer>;

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

/** Never batched: a broadcast must not wait behind reads, and its outcome is the caller's alone. */
const UNBATCHED_METHODS = new Set(['broadcast_tx_sync', 'broadcast_tx_async', 'broadcast_tx_commit']);

class CallTimeout extends Error {}

interface QueuedCall {
  readonly id: number;
  readonly method: string;
  readonly request: object;
  resolve(result: unknown): void;
  reject(error: Error): void;
}

export class JsonRpcTransport {
  private readonly agent: http.Agent | undefined;
  private readonly post: EnginePost;
  private readonly timeoutMs: number;
  private readonly maxBatch: number;
  private nextId = 1;
  /** Calls waiting for the end of this turn of the event loop, by deadline. */
  private readonly queued = new Map<number, QueuedCall[]>();
  private flushScheduled = false;

  constructor(
    readonly url: URL,
    opts: JsonRpcTransportOptions = {},
  ) {
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxBatch = Math.max(1, Math.floor(opts.maxBatch ?? 1));
    if (opts.post !== undefined) {
      this.post = opts.post;
    } else {
      const agentOptions = { keepAlive: true, maxSockets: opts.maxSockets ?? 64 };
      const agent = url.protocol === 'https:' ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
      this.agent = agent;
      this.post = (body, deadline) => this.postOverHttp(agent, body, deadline);
    }
  }

  /** The `result` of `method`; throws EngineUnavailableError, EngineRpcError or EngineResponseError. */
  call(method: string, params: RpcParams = {}, timeoutMs = this.timeoutMs): Promise<unknown> {
    const id = this.nextId++;
    const request = { jsonrpc: '2.0', id, method, params: definedOnly(params) };
    return new Promise((resolve, reject) => {
      const call = { id, method, request, resolve, reject };
      if (this.maxBatch > 1 && !UNBATCHED_METHODS.has(method)) this.enqueue(timeoutMs, call);
      else void this.send([call], timeoutMs);
    });
  }

  /** One HTTP exchange under one deadline, with one retry when a pooled socket turns out stale. */
  private async exchange(method: string, body: string, timeoutMs: number): Promise<EngineAnswer> {
    const deadline = new Deadline(timeoutMs);
    try {
      return await this.post(body, deadline);
    } catch (error) {
      if (deadline.passed) throw toEngineError(method, new CallTimeout(), timeoutMs);
      // A pooled socket the server closed while idle fails at once with ECONNRESET; the request never reached
      // the node, so one retry on a fresh socket is safe.
      if (!isStaleSocket(error)) throw toEngineError(method, error, timeoutMs);
      try {
        return await this.post(body, deadline);
      } catch (retryError) {
        throw toEngineError(method, deadline.passed ? new CallTimeout() : retryError, timeoutMs);
      }
    } finally {
      deadline.end();
    }
  }

  private enqueue(timeoutMs: number, call: QueuedCall): void {
    const calls = this.queued.get(timeoutMs);
    if (calls === undefined) this.queued.set(timeoutMs, [call]);
    else calls.push(call);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // After the I/O callbacks of this turn: every request that arrived with them has made its calls by then.
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.flushScheduled = false;
    const queued = [...this.queued];
    this.queued.clear();
    for (const [timeoutMs, calls] of queued) {
      for (let start = 0; start < calls.length; start += this.maxBatch) {
        void this.send(calls.slice(start, start + this.maxBatch), timeoutMs);
      }
    }
  }

  /** One call alone as a plain request, several as one batch; each caller gets its own answer or error. */
  private async send(calls: QueuedCall[], timeoutMs: number): Promise<void> {
    const [first] = calls;
    if (first === undefined) return;
    const single = calls.length === 1;
    const label = single ? first.method : `batch of ${calls.length} (${first.method}, …)`;
    let json: unknown;
    try {
      const exchanged = await this.exchange(
        label,
        JSON.stringify(single ? first.request : calls.map((call) => call.request)),
        timeoutMs,
      );
      json = parseAnswer(label, exchanged);
    } catch (error) {
      for (const call of calls) call.reject(retitled(error, call.method));
      return;
    }
    if (single) {
      settle(first, () => readAnswer(first.method, json));
      return;
    }
    if (!Array.isArray(json)) {
      // A node that refuses the batch as a whole (too many items, say) answers one error object.
      for (const call of calls) settle(call, () => readAnswer(call.method, json));
      return;
    }
    const byId = new Map<unknown, unknown>();
    for (const item of json as unknown[]) {
      if (typeof item === 'object' && item !== null) byId.set((item as { id?: unknown }).id, item);
    }
    for (const call of calls) {
      const item = byId.get(call.id);
      settle(call, () => {
        if (item === undefined)
          throw new EngineResponseError(call.method, 'the batch answer has no item for it');
        return readAnswer(call.method, item);
      });
    }
  }

  /** Closes pooled sockets; calls made afterwards open new ones. */
  close(): void {
    this.agent?.destroy();
  }

  private postOverHttp(agent: http.Agent, body: string, deadline: Deadline): Promise<EngineAnswer> {
    const request = this.url.protocol === 'https:' ? https.request : http.request;
    return new Promise((resolve, reject) => {
      if (deadline.passed) {
        reject(new CallTimeout());
        return;
      }
      const req = request(this.url, {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      // The deadline destroys the request, and its response if one has begun.
      const off = deadline.onPass(() => req.destroy(new CallTimeout()));
      // Whichever of req/res reports the failure, a passed deadline is reported as the timeout.
      const fail = (error: Error) => {
        off();
        reject(
          deadline.passed ? new CallTimeout() : Object.assign(error, { reusedSocket: req.reusedSocket }),
        );
      };
      req.on('error', fail);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', fail);
        // A body cut short (deadline, reset) may end with 'close' alone.
        res.on('close', () => {
          if (!res.complete) fail(new Error('socket hang up'));
        });
        res.on('end', () => {
          off();
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
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

/** The JSON of an answer; a body that is not JSON is unavailability behind a proxy (5xx) or malformed. */
function parseAnswer(method: string, answer: EngineAnswer): unknown {
  try {
    return JSON.parse(answer.text);
  } catch {
    // A proxy in front of a dead node answers 502/503 with HTML.
    if (answer.status >= 500) {
      throw new EngineUnavailableError(method, `HTTP ${answer.status} without JSON`, 'connection');
    }
    throw new EngineResponseError(method, `HTTP ${answer.status}, body is not JSON`);
  }
}

function settle(call: QueuedCall, read: () => unknown): void {
  try {
    call.resolve(read());
  } catch (error) {
    call.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** An engine error of a whole batch, as each of its calls reports it: under that call's method. */
function retitled(error: unknown, method: string): Error {
  if (error instanceof EngineUnavailableError)
    return new EngineUnavailableError(method, error.detail, error.kind);
  return error instanceof Error ? error : new Error(String(error));
}

/** The `result` of one JSON-RPC response object, or its error as an EngineRpcError. */
function readAnswer(method: string, json: unknown): unknown {
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
