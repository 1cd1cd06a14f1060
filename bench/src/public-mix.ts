// The public-endpoint mix: one workload whose requests are spread over the methods a public Ethereum
// endpoint serves most, in fixed shares, each with its own arguments so no response cache answers twice.
//
// Shares: the order is the one issue 26 gives (eth_call the largest, then block, receipt, log, balance and
// head reads). The providers that publish anything on it say which methods dominate without per-method
// percentages: Infura's "Ethereum RPCs, Methods and Calls" (infura.ghost.io/ethereum-rpcs-methods) marks
// the few methods that "comprise the vast majority of Infura's traffic", and Ankr's "Inside Ankr's 1T
// Monthly RPC Requests" (ankr.com/blog, 2025-09-18) names eth_call, eth_getBalance and
// eth_getBlockByNumber as the frequent reads, eth_getLogs as the range scans, writes as few. The weights
// below are ours within that order, not a measured distribution (see bench/README.md).
import { toQuantity } from 'ethers';

import {
  CHAIN_HEIGHT,
  HOLDER,
  LOGS_IN_RANGE,
  LOG_RANGE,
  RECEIPT_TX_HASH,
  SIGNED_TRANSFERS,
  TOKEN,
  txHash,
} from './bench-chain';
import {
  type ResultCheck,
  describeCallReply,
  equals,
  isQuantity,
  isSuccessfulReceiptOf,
  logCount,
} from './reply-checks';
import { HOLDER_TOKENS, balanceOfCall, call, callerAddress } from './rpc-calls';
import { type Workload } from './workloads';

/** One method of the mix: its share, the params of its k-th request, and what its preflight checks. */
export interface MixMethod {
  method: string;
  /** Requests of this method in every MIX_CYCLE requests. */
  weight: number;
  /** Params of this method's k-th request of the run (k = 0, 1, …): a different one each time the chain allows. */
  paramsAt(k: number): unknown[];
  /** Params of the preflight request, whose result `check` knows. */
  preflightParams: unknown[];
  check: ResultCheck;
}

// Distinct accounts of the mix, clear of eth_call-distinct's (which count from 0), so a run that
// measures both never asks the same account twice.
const MIX_CALLERS = 2 ** 44;
const MIX_BALANCES = 2 ** 45;
/** Blocks an eth_getLogs of the mix spans: a dapp's window, not an indexer's scan. */
export const MIX_LOG_WINDOW = 100;
const TRANSFER_HASHES = SIGNED_TRANSFERS.map(txHash);

const isBlock =
  (number: string): ResultCheck =>
  (result) =>
    typeof result === 'object' && result !== null && (result as { number?: unknown }).number === number
      ? undefined
      : `result is not block ${number}: ${JSON.stringify(result)?.slice(0, 100)}`;

export const PUBLIC_MIX: readonly MixMethod[] = [
  {
    method: 'eth_call',
    weight: 40,
    paramsAt: (k) => balanceOfCall(callerAddress(MIX_CALLERS + k)),
    preflightParams: balanceOfCall(HOLDER),
    check: equals(HOLDER_TOKENS),
  },
  {
    method: 'eth_getBlockByNumber',
    weight: 20,
    // Every committed block of the bench chain in turn (peers stop at its height), header and tx hashes.
    paramsAt: (k) => [toQuantity(1 + (k % CHAIN_HEIGHT)), false],
    preflightParams: ['0x1', false],
    check: isBlock('0x1'),
  },
  {
    method: 'eth_getTransactionReceipt',
    weight: 12,
    // The chain has ten transfers (the deploy's hash differs on ganache): each in turn.
    paramsAt: (k) => [TRANSFER_HASHES[k % TRANSFER_HASHES.length]],
    preflightParams: [RECEIPT_TX_HASH],
    check: isSuccessfulReceiptOf(RECEIPT_TX_HASH),
  },
  {
    method: 'eth_getLogs',
    weight: 10,
    paramsAt: (k) => {
      const from = LOG_RANGE.fromBlock + (k % (LOG_RANGE.toBlock - LOG_RANGE.fromBlock + 2 - MIX_LOG_WINDOW));
      return [
        { fromBlock: toQuantity(from), toBlock: toQuantity(from + MIX_LOG_WINDOW - 1), address: TOKEN },
      ];
    },
    preflightParams: [
      { fromBlock: toQuantity(LOG_RANGE.fromBlock), toBlock: toQuantity(LOG_RANGE.toBlock), address: TOKEN },
    ],
    check: logCount(LOGS_IN_RANGE),
  },
  {
    method: 'eth_getBalance',
    weight: 10,
    paramsAt: (k) => [callerAddress(MIX_BALANCES + k), 'latest'],
    preflightParams: [HOLDER, 'latest'],
    check: isQuantity,
  },
  { method: 'eth_blockNumber', weight: 8, paramsAt: () => [], preflightParams: [], check: isQuantity },
];

/** One slot of the cycle: which method, and how many earlier slots of the cycle are that method. */
export interface MixSlot {
  method: number;
  rank: number;
}

/**
 * The order of one cycle of sum(weights) requests, each method `weight` times, spread evenly (smooth
 * weighted round robin: each slot goes to the method furthest behind its share), so any stretch of
 * requests is close to the mix and no method comes in bursts.
 */
export function mixCycle(weights: readonly number[]): MixSlot[] {
  if (weights.some((w) => !Number.isInteger(w) || w < 0))
    throw new RangeError('weights must be whole and ≥ 0');
  const total = weights.reduce((a, b) => a + b, 0);
  const credit = weights.map(() => 0);
  const taken = weights.map(() => 0);
  const cycle: MixSlot[] = [];
  for (let slot = 0; slot < total; slot++) {
    weights.forEach((w, i) => (credit[i] = (credit[i] ?? 0) + w));
    let pick = 0;
    credit.forEach((c, i) => {
      if (c > (credit[pick] ?? 0)) pick = i;
    });
    credit[pick] = (credit[pick] ?? 0) - total;
    cycle.push({ method: pick, rank: taken[pick] ?? 0 });
    taken[pick] = (taken[pick] ?? 0) + 1;
  }
  return cycle;
}

/**
 * The mix as a workload: request n is the cycle's slot n mod cycle length, with that method's k-th
 * params (k counts only that method's requests). Its preflight sends each method once with the
 * arguments whose result the bench chain makes certain.
 */
export function publicMix<N extends string>(
  name: N,
  methods: readonly MixMethod[] = PUBLIC_MIX,
): Workload<N> {
  const cycle = mixCycle(methods.map((m) => m.weight));
  const preflights = methods.map((m) => ({
    body: JSON.stringify(call(m.method, m.preflightParams, 1)),
    check: (reply: unknown): string | undefined => {
      const problem = describeCallReply(reply);
      return problem ?? m.check((reply as { result: unknown }).result);
    },
  }));
  const [first, ...rest] = preflights;
  if (first === undefined) throw new RangeError('a mix needs a method');
  return {
    name,
    body: first.body,
    check: first.check,
    alsoPreflight: rest,
    calls: 1,
    bodyAt: (n) => {
      const slot = cycle[n % cycle.length] as MixSlot;
      const m = methods[slot.method] as MixMethod;
      const weight = m.weight;
      const k = Math.floor(n / cycle.length) * weight + slot.rank;
      return JSON.stringify(call(m.method, m.paramsAt(k), 1));
    },
  };
}

/**
 * The mix's methods one at a time (`public-mix:eth_call`, …): each sends only its method, with the arguments it
 * has in the mix, so a run shows what each share of the mix costs a target. Not part of a default run; named
 * with --workloads.
 */
export function publicMixMethods(methods: readonly MixMethod[] = PUBLIC_MIX): Workload[] {
  return methods.map((m) => publicMix(`public-mix:${m.method}`, [{ ...m, weight: 1 }]));
}
