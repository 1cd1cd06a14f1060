// What the preflight holds a reply to: a JSON-RPC success, and for the query workloads the result the
// bench chain makes certain (checks shared by the single workloads and the public-endpoint mix).
export function describeCallReply(reply: unknown): string | undefined {
  if (typeof reply !== 'object' || reply === null || Array.isArray(reply))
    return 'reply is not a JSON object';
  if ('error' in reply) return `JSON-RPC error ${JSON.stringify(reply.error)}`;
  if (!('result' in reply)) return 'reply has no result';
  return undefined;
}

/** What is wrong with a call's result, or undefined when it is the expected one. */
export type ResultCheck = (result: unknown) => string | undefined;

export const isQuantity: ResultCheck = (result) =>
  typeof result === 'string' && /^0x(0|[1-9a-f][0-9a-f]*)$/.test(result)
    ? undefined
    : `result ${JSON.stringify(result)} is not a QUANTITY`;

export const equals =
  (expected: unknown): ResultCheck =>
  (result) =>
    result === expected
      ? undefined
      : `result ${JSON.stringify(result)}, expected ${JSON.stringify(expected)}`;

export const logCount =
  (expected: number): ResultCheck =>
  (result) =>
    Array.isArray(result) && result.length === expected
      ? undefined
      : `expected ${expected} logs, got ${Array.isArray(result) ? result.length : JSON.stringify(result)}`;

export const isSuccessfulReceiptOf =
  (hash: string): ResultCheck =>
  (result) => {
    const receipt = result as { transactionHash?: unknown; status?: unknown } | null;
    if (typeof receipt !== 'object' || receipt === null)
      return `result ${JSON.stringify(result)} is no receipt`;
    if (receipt.transactionHash !== hash)
      return `receipt of ${String(receipt.transactionHash)}, expected ${hash}`;
    return receipt.status === '0x1'
      ? undefined
      : `receipt status ${JSON.stringify(receipt.status)}, expected 0x1`;
  };
