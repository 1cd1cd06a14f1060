// Calls through the gateway for the query e2e specs: every result is checked against the execution-apis
// schema of its method (the alias against its canonical method, the uncle methods against the components
// the document would give them), and errors come back as data to assert on.
import {
  type JsonRpcErrorObject,
  expectValidComponent,
  expectValidResult,
  hasResultSchema,
  rpc,
  waitFor,
} from '@photon/testing';

/** Methods the document lacks, validated as their canonical method or by component. */
const CANONICAL: Readonly<Record<string, string>> = {
  eth_getTransactionbyBlockNumberAndIndex: 'eth_getTransactionByBlockNumberAndIndex',
};

export function expectValidAnswer(method: string, result: unknown): void {
  const canonical = CANONICAL[method] ?? method;
  if (hasResultSchema(canonical)) return expectValidResult(canonical, result);
  if (method.startsWith('eth_getUncleCount'))
    return expectValidComponent(result === null ? 'notFound' : 'uint', result);
  if (method.startsWith('eth_getUncleBy'))
    return expectValidComponent(result === null ? 'notFound' : 'Block', result);
  throw new Error(`no schema to validate ${method} against`);
}

/** The schema-checked result of a call that must succeed. */
export async function call<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const reply = await rpc<T>(url, method, params);
  if (reply.error !== undefined) throw new Error(`${method} failed: ${JSON.stringify(reply.error)}`);
  expectValidAnswer(method, reply.result);
  return reply.result as T;
}

/** The error object of a call that must fail. */
export async function callError(url: string, method: string, params: unknown[]): Promise<JsonRpcErrorObject> {
  const reply = await rpc(url, method, params);
  if (reply.error === undefined) throw new Error(`${method} answered ${JSON.stringify(reply.result)}`);
  return reply.error;
}

/**
 * Waits until the tier's head (what eth_blockNumber answers, and what `latest` means) reaches `height`: a
 * chain written to the devnet directly is seen by the tier a moment after the engine commits it.
 */
export async function untilTierHead(url: string, height: bigint): Promise<void> {
  await waitFor(async () => BigInt(await call<string>(url, 'eth_blockNumber', [])) >= height, {
    what: `the tier's head at block ${height}`,
  });
}
