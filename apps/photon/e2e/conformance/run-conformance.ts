// Calls every method of the execution-apis document through a running tier: each valid param set
// (results checked against the document's result schema) and each class of invalid params (the
// error code kept). Unserved methods are called once, for their -32601.
import { type MethodRow, findMethod, isShippedService, loadExecutionApisReference } from '@photon/types';
import { rpc, validateResult } from '@photon/testing';
import { type InvalidClass, invalidParams } from './invalid-params';

export interface MethodOutcome {
  readonly method: string;
  /** Why it is not served (its method-table summary), or undefined when it is. */
  readonly unserved: string | undefined;
  readonly validCalls: number;
  readonly schemaValid: number;
  /** One line per valid call that failed or answered outside the schema. */
  readonly failures: readonly string[];
  /** Per class of invalid params: the error code answered, or 'result' when it was accepted. */
  readonly invalid: Partial<Record<InvalidClass, number | 'result'>>;
}

/** The methods of the vendored execution-apis document, in its order. */
export function specMethods(): string[] {
  return loadExecutionApisReference().methods.map((method) => method.name);
}

function unservedReason(row: MethodRow | undefined): string | undefined {
  if (row === undefined) return 'not in the method table';
  return row.service === 'gateway' || isShippedService(row.service) ? undefined : row.summary;
}

export async function runMethod(
  httpUrl: string,
  method: string,
  validSets: readonly unknown[][],
): Promise<MethodOutcome> {
  const row = findMethod(method);
  const unserved = unservedReason(row);
  const failures: string[] = [];
  let schemaValid = 0;
  for (const params of unserved === undefined ? validSets : validSets.slice(0, 1)) {
    const reply = await rpc(httpUrl, method, params);
    const label = `${method}(${JSON.stringify(params)})`;
    if (unserved !== undefined) {
      if (reply.error?.code !== -32601)
        failures.push(`${label}: expected -32601, got ${JSON.stringify(reply)}`);
      continue;
    }
    if (reply.error !== undefined) {
      failures.push(`${label}: error ${JSON.stringify(reply.error)}`);
      continue;
    }
    const outcome = validateResult(method, reply.result);
    if (outcome.valid) schemaValid++;
    else failures.push(`${label}: ${outcome.errors}`);
  }
  const invalid: Partial<Record<InvalidClass, number | 'result'>> = {};
  if (unserved === undefined && row !== undefined) {
    const classes = invalidParams(row.params, validSets[0] ?? []);
    for (const [kind, params] of Object.entries(classes) as [InvalidClass, unknown[]][]) {
      const reply = await rpc(httpUrl, method, params);
      invalid[kind] = reply.error === undefined ? 'result' : reply.error.code;
    }
  }
  return {
    method,
    unserved,
    validCalls: unserved === undefined ? validSets.length : 0,
    schemaValid,
    failures,
    invalid,
  };
}
