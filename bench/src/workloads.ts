// The request bodies the bench sends, one row per workload; add a row to measure a new method.

/** One JSON-RPC request body sent over and over by every connection. */
export interface Workload<N extends string = string> {
  name: N;
  body: string;
  /** JSON-RPC calls carried by one HTTP request (batch size). */
  calls: number;
  /** What is wrong with a parsed reply, or undefined when it is the success the workload expects. */
  check(reply: unknown): string | undefined;
}

function call(method: string, params: unknown[], id: number): object {
  return { jsonrpc: '2.0', id, method, params };
}

function describeCallReply(reply: unknown): string | undefined {
  if (typeof reply !== 'object' || reply === null || Array.isArray(reply))
    return 'reply is not a JSON object';
  if ('error' in reply) return `JSON-RPC error ${JSON.stringify(reply.error)}`;
  if (!('result' in reply)) return 'reply has no result';
  return undefined;
}

/** A single call of `method`. */
export function single<N extends string>(name: N, method: string, params: unknown[] = []): Workload<N> {
  return { name, body: JSON.stringify(call(method, params, 1)), calls: 1, check: describeCallReply };
}

/** A batch of `size` identical calls of `method` (ids 1…size). */
export function batch<N extends string>(
  name: N,
  size: number,
  method: string,
  params: unknown[] = [],
): Workload<N> {
  const body = JSON.stringify(Array.from({ length: size }, (_, i) => call(method, params, i + 1)));
  return {
    name,
    body,
    calls: size,
    check(reply) {
      if (!Array.isArray(reply)) return 'batch reply is not an array';
      if (reply.length !== size) return `batch reply has ${reply.length} entries, expected ${size}`;
      for (const entry of reply) {
        const problem = describeCallReply(entry);
        if (problem !== undefined) return problem;
      }
      return undefined;
    },
  };
}

export const WORKLOADS = [
  single('web3_clientVersion', 'web3_clientVersion'),
  batch('web3_clientVersion-batch10', 10, 'web3_clientVersion'),
] as const;

export type WorkloadName = (typeof WORKLOADS)[number]['name'];
