// The request bodies the bench sends, one row per workload; add a row to measure a new method.
// The query workloads read the bench chain (bench-chain.ts), so their preflight knows each answer.
import { toQuantity } from 'ethers';

import { HOLDER, LOGS_IN_RANGE, LOG_RANGE, RECEIPT_TX_HASH, TOKEN, TRANSFER_TOPIC } from './bench-chain';
import { publicMix, publicMixMethods } from './public-mix';
import {
  type ResultCheck,
  describeCallReply,
  equals,
  isQuantity,
  isSuccessfulReceiptOf,
  logCount,
} from './reply-checks';
import { HOLDER_TOKENS, balanceOfCall, call, callerAddress } from './rpc-calls';

export { callerAddress } from './rpc-calls';

/** One JSON-RPC request body sent by every connection: the same one over and over, or one per request. */
export interface Workload<N extends string = string> {
  name: N;
  /** The body of the preflight (whose reply `check` judges), and of every request unless `bodyAt` is set. */
  body: string;
  /**
   * The body of the n-th measured request (n = 0, 1, … across the whole run), for workloads where a
   * repeated body would let a response cache answer; replies to these are checked for JSON-RPC errors only.
   */
  bodyAt?: (n: number) => string;
  /**
   * More requests the preflight sends and checks, for a mix whose `bodyAt` sends several kinds of
   * request: one of each kind that `body` is not.
   */
  alsoPreflight?: readonly { body: string; check(reply: unknown): string | undefined }[];
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

/** `balanceOf` of a different caller per request; the preflight asks about HOLDER and checks the amount. */
function distinctCallers<N extends string>(name: N): Workload<N> {
  return {
    ...single(name, 'eth_call', balanceOfCall(HOLDER), equals(HOLDER_TOKENS)),
    bodyAt: (n) => JSON.stringify(call('eth_call', balanceOfCall(callerAddress(n)), 1)),
  };
}

/** A batch of eth_getBalance of HOLDER and `size - 1` distinct callers, every result a QUANTITY. */
function balancesBatch<N extends string>(name: N, size: number): Workload<N> {
  const holders = [HOLDER, ...Array.from({ length: size - 1 }, (_, i) => callerAddress(i))];
  const calls = holders.map((holder, i) => call('eth_getBalance', [holder, 'latest'], i + 1));
  return {
    name,
    body: JSON.stringify(calls),
    calls: size,
    check(reply) {
      if (!Array.isArray(reply)) return 'batch reply is not an array';
      if (reply.length !== size) return `batch reply has ${reply.length} entries, expected ${size}`;
      for (const entry of reply) {
        const problem = describeCallReply(entry) ?? isQuantity((entry as { result: unknown }).result);
        if (problem !== undefined) return problem;
      }
      return undefined;
    },
  };
}

const logsFilter = (filter: { address?: string; topics?: string[] }): unknown[] => [
  { fromBlock: toQuantity(LOG_RANGE.fromBlock), toBlock: toQuantity(LOG_RANGE.toBlock), ...filter },
];

export const WORKLOADS = [
  single('web3_clientVersion', 'web3_clientVersion'),
  batch('web3_clientVersion-batch10', 10, 'web3_clientVersion'),
  single('eth_blockNumber', 'eth_blockNumber', [], isQuantity),
  single('eth_getBalance', 'eth_getBalance', [HOLDER, 'latest'], isQuantity),
  // One body over and over: a response cache keyed on the body may answer all but the first.
  single('eth_call', 'eth_call', balanceOfCall(HOLDER), equals(HOLDER_TOKENS)),
  distinctCallers('eth_call-distinct'),
  single(
    'eth_getTransactionReceipt',
    'eth_getTransactionReceipt',
    [RECEIPT_TX_HASH],
    isSuccessfulReceiptOf(RECEIPT_TX_HASH),
  ),
  balancesBatch('eth_getBalance-batch100', 100),
  // The log index reads only the 11 blocks with a match, so no connection cap is needed any more.
  single(
    'eth_getLogs-1000blocks',
    'eth_getLogs',
    logsFilter({ address: TOKEN, topics: [TRANSFER_TOPIC] }),
    logCount(LOGS_IN_RANGE),
  ),
  single(
    'eth_getLogs-1000blocks-address',
    'eth_getLogs',
    logsFilter({ address: TOKEN }),
    logCount(LOGS_IN_RANGE),
  ),
  single(
    'eth_getLogs-1000blocks-topic',
    'eth_getLogs',
    logsFilter({ topics: [TRANSFER_TOPIC] }),
    logCount(LOGS_IN_RANGE),
  ),
  publicMix('public-mix'),
] as const;

export type WorkloadName = (typeof WORKLOADS)[number]['name'];

/** Workloads a run measures only when --workloads names them: the public mix's methods one by one. */
export const EXTRA_WORKLOADS: readonly Workload[] = publicMixMethods();
