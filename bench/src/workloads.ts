// The request bodies the bench sends, one row per workload; add a row to measure a new method.
// The query workloads read the bench chain (bench-chain.ts), so their preflight knows each answer.
import { toQuantity, zeroPadValue } from 'ethers';

import {
  HOLDER,
  LOGS_IN_RANGE,
  LOG_RANGE,
  TOKEN,
  TOKEN_INTERFACE,
  TRANSFERS,
  TRANSFER_AMOUNT,
  TRANSFER_TOPIC,
} from './bench-chain';

/** One JSON-RPC request body sent over and over by every connection. */
export interface Workload<N extends string = string> {
  name: N;
  body: string;
  /** JSON-RPC calls carried by one HTTP request (batch size). */
  calls: number;
  /** What is wrong with a parsed reply, or undefined when it is the success the workload expects. */
  check(reply: unknown): string | undefined;
  /**
   * At most this many connections, whatever --connections says: a call that takes a target hundreds
   * of ms would otherwise queue past autocannon's 10 s timeout. The echo gets the same cap.
   */
  maxConnections?: number;
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

/** What is wrong with a call's result, or undefined when it is the expected one. */
type ResultCheck = (result: unknown) => string | undefined;

/** A single call of `method`; `checkResult` also checks the result of a success. */
export function single<N extends string>(
  name: N,
  method: string,
  params: unknown[] = [],
  checkResult?: ResultCheck,
): Workload<N> {
  return {
    name,
    body: JSON.stringify(call(method, params, 1)),
    calls: 1,
    check(reply) {
      const problem = describeCallReply(reply);
      if (problem !== undefined || checkResult === undefined) return problem;
      return checkResult((reply as { result: unknown }).result);
    },
  };
}

const isQuantity: ResultCheck = (result) =>
  typeof result === 'string' && /^0x(0|[1-9a-f][0-9a-f]*)$/.test(result)
    ? undefined
    : `result ${JSON.stringify(result)} is not a QUANTITY`;

const equals =
  (expected: unknown): ResultCheck =>
  (result) =>
    result === expected
      ? undefined
      : `result ${JSON.stringify(result)}, expected ${JSON.stringify(expected)}`;

const logCount =
  (expected: number): ResultCheck =>
  (result) =>
    Array.isArray(result) && result.length === expected
      ? undefined
      : `expected ${expected} logs, got ${Array.isArray(result) ? result.length : JSON.stringify(result)}`;

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
  single('eth_blockNumber', 'eth_blockNumber', [], isQuantity),
  single('eth_getBalance', 'eth_getBalance', [HOLDER, 'latest'], isQuantity),
  single(
    'eth_call',
    'eth_call',
    [{ to: TOKEN, data: TOKEN_INTERFACE.encodeFunctionData('balanceOf', [HOLDER]) }, 'latest'],
    equals(zeroPadValue(toQuantity(TRANSFER_AMOUNT * BigInt(TRANSFERS)), 32)),
  ),
  // The log index reads only the 11 blocks with a match, so no connection cap is needed any more.
  single(
    'eth_getLogs-1000blocks',
    'eth_getLogs',
    [
      {
        fromBlock: toQuantity(LOG_RANGE.fromBlock),
        toBlock: toQuantity(LOG_RANGE.toBlock),
        address: TOKEN,
        topics: [TRANSFER_TOPIC],
      },
    ],
    logCount(LOGS_IN_RANGE),
  ),
] as const;

export type WorkloadName = (typeof WORKLOADS)[number]['name'];
