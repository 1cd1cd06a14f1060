// x/evm's TraceTx, TraceBlock and TraceCall queries (crypto-org-chain/ethermint x/evm/keeper/grpc_query.go):
// the state is the query height's (a tx's block parent; a call's block), the block context the request's
// block as the devnet committed it, the result the tracer's JSON in `data`.
import { createAddressFromString } from '@ethereumjs/util';
import {
  LEGACY_DEC_ONE,
  type MsgEthereumTx,
  QUERY_PATH,
  QueryTraceBlockRequest,
  QueryTraceBlockResponse,
  QueryTraceCallRequest,
  QueryTraceCallResponse,
  QueryTraceTxRequest,
  QueryTraceTxResponse,
} from '@photon/ethermint-wire';
import { type GogoMessage } from '../abci/gogo-unmarshal';
import { decodeRequest, type GrpcQueryHandler, type QueryContext } from '../abci/query-context';
import { GoError, GrpcCode, statusError } from '../abci/query-errors';
import { BOTH_FEE_STYLES, hasBothFeeStyles, parseTransactionArgs } from '../abci/transaction-args';
import type { BlockRecord } from '../evm';
import { ethereumjsErrorText } from '../evm/vm-errors';
import { callJob, hasFees, signedTxJob } from './call-job';
import { makeTracer } from './make-tracer';
import { tracePlan } from './trace-config';
import { type TraceBlockContext, TraceRunner, TraceTimeoutError } from './trace-runner';

const field = (goName: string, wireType: 0 | 2): { goName: string; wireType: 0 | 2 } => ({
  goName,
  wireType,
});

const TRACE_TX_REQUEST: GogoMessage = {
  name: 'QueryTraceTxRequest',
  fields: {
    1: field('Msg', 2),
    3: field('TraceConfig', 2),
    4: field('Predecessors', 2),
    5: field('BlockNumber', 0),
    6: field('BlockHash', 2),
    7: field('BlockTime', 2),
    8: field('ProposerAddress', 2),
    9: field('ChainId', 0),
  },
};
const TRACE_BLOCK_REQUEST: GogoMessage = {
  name: 'QueryTraceBlockRequest',
  fields: {
    1: field('Txs', 2),
    3: field('TraceConfig', 2),
    5: field('BlockNumber', 0),
    6: field('BlockHash', 2),
    7: field('BlockTime', 2),
    8: field('ProposerAddress', 2),
    9: field('ChainId', 0),
  },
};
const TRACE_CALL_REQUEST: GogoMessage = {
  name: 'QueryTraceCallRequest',
  fields: {
    1: field('Args', 2),
    2: field('GasCap', 0),
    3: field('ProposerAddress', 2),
    4: field('TraceConfig', 2),
    5: field('BlockNumber', 0),
    6: field('BlockHash', 2),
    7: field('BlockTime', 2),
    8: field('ChainId', 0),
  },
};

const json = (value: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(value));

/** The block a trace runs in: the committed block the request names, else the one after the query height. */
function blockContext(ctx: QueryContext, blockNumber: bigint): TraceBlockContext {
  let record: BlockRecord;
  let number = blockNumber;
  try {
    record = ctx.evm.block(Number(blockNumber));
  } catch {
    record = ctx.evm.block(ctx.height);
    number = BigInt(ctx.height);
  }
  return {
    number,
    timestamp: BigInt(record.timestamp),
    coinbase: createAddressFromString(record.proposer),
    baseFee: record.baseFee,
    gasLimit: ctx.evm.blockGasLimit,
  };
}

/**
 * The state a block's txs replay on: its parent's. Ethermint's JSON-RPC asks at the parent height but at 1 for
 * block 1 (0 means latest to abci_query); the devnet keeps genesis, so it reads the parent of the block itself.
 */
function parentHeight(ctx: QueryContext, blockNumber: bigint): number {
  return blockNumber >= 1n && blockNumber <= BigInt(ctx.evm.latestHeight)
    ? Number(blockNumber) - 1
    : ctx.height;
}

async function runner(ctx: QueryContext, blockNumber: bigint): Promise<TraceRunner> {
  const base = ctx.evm.traceBase(parentHeight(ctx, blockNumber));
  return TraceRunner.create(base.common, base.state, base.blockchain, blockContext(ctx, blockNumber));
}

/** Failures of a trace as Ethermint's statuses: a timeout and any execution failure are Internal. */
async function traced<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof GoError) throw error;
    if (error instanceof TraceTimeoutError) throw statusError(GrpcCode.Internal, error.message);
    throw statusError(GrpcCode.Internal, executionErrorText(error));
  }
}

/** An ethereumjs failure without the VM, block and tx dump it appends. */
function executionErrorText(error: unknown): string {
  return ethereumjsErrorText(error).split(' (vm hf=')[0] ?? '';
}

const traceTx: GrpcQueryHandler = async (ctx, data) => {
  const req = decodeRequest(data, TRACE_TX_REQUEST, QueryTraceTxRequest);
  const plan = tracePlan(req.traceConfig);
  const msg = req.msg;
  if (msg === undefined) throw statusError(GrpcCode.InvalidArgument, 'empty request');
  const common = ctx.evm.traceBase(ctx.height).common;
  return traced(async () => {
    const run = await runner(ctx, req.blockNumber);
    for (const predecessor of req.predecessors) {
      let job;
      try {
        job = signedTxJob(predecessor, common);
      } catch {
        continue;
      }
      await run.apply(job);
    }
    const tracer = makeTracer(plan.tracer, (address) => run.isPrecompile(address));
    const job = signedTxJob(msg, common);
    const result = await run.trace(job, tracer, plan.timeoutMs, false, plan.overrides);
    return QueryTraceTxResponse.encode({ data: json(result) });
  });
};

const traceBlock: GrpcQueryHandler = async (ctx, data) => {
  const req = decodeRequest(data, TRACE_BLOCK_REQUEST, QueryTraceBlockRequest);
  const plan = tracePlan(req.traceConfig);
  const common = ctx.evm.traceBase(ctx.height).common;
  return traced(async () => {
    const run = await runner(ctx, req.blockNumber);
    const results: ({ result: unknown } | { error: string })[] = [];
    for (const [index, msg] of req.txs.entries()) {
      results.push(await traceOne(run, msg, common, plan, index < req.txs.length - 1));
    }
    return QueryTraceBlockResponse.encode({ data: json(results) });
  });
};

/** One tx of a block trace: its result, or its failure in the slot (Ethermint's TxTraceResult.error). */
async function traceOne(
  run: TraceRunner,
  msg: MsgEthereumTx,
  common: Parameters<typeof signedTxJob>[1],
  plan: ReturnType<typeof tracePlan>,
  keep: boolean,
): Promise<{ result: unknown } | { error: string }> {
  try {
    const job = signedTxJob(msg, common);
    const tracer = makeTracer(plan.tracer, (address) => run.isPrecompile(address));
    return { result: await run.trace(job, tracer, plan.timeoutMs, keep, plan.overrides) };
  } catch (error) {
    if (error instanceof TraceTimeoutError) return { error: error.message };
    return { error: error instanceof GoError ? error.message : executionErrorText(error) };
  }
}

const traceCall: GrpcQueryHandler = async (ctx, data) => {
  const req = decodeRequest(data, TRACE_CALL_REQUEST, QueryTraceCallRequest);
  const plan = tracePlan(req.traceConfig);
  let args;
  try {
    args = parseTransactionArgs(req.args);
  } catch (error) {
    if (error instanceof GoError) throw statusError(GrpcCode.Internal, error.message);
    throw error;
  }
  if (hasBothFeeStyles(args)) throw statusError(GrpcCode.Internal, BOTH_FEE_STYLES);
  const base = ctx.evm.traceBase(ctx.height);
  const record = ctx.evm.block(ctx.height);
  const context: TraceBlockContext = {
    number: BigInt(ctx.height),
    timestamp: BigInt(record.timestamp),
    coinbase: createAddressFromString(record.proposer),
    // Like eth_call, a call without fees runs at base fee 0, needing no balance for gas.
    baseFee: hasFees(args) ? record.baseFee : 0n,
    gasLimit: ctx.evm.blockGasLimit,
  };
  const callArgs = args;
  return traced(async () => {
    const run = await TraceRunner.create(base.common, base.state, base.blockchain, context);
    const from = callArgs.from === undefined ? undefined : createAddressFromString(callArgs.from);
    // TraceCall reads the nonce before ApplyMessageWithConfig applies the overrides; the transfer checks
    // the overridden balance.
    const account = from === undefined ? undefined : await run.state.getAccount(from);
    const { state: stateOverride, ...afterState } = plan.overrides;
    if (stateOverride !== undefined) await run.overrideState(stateOverride);
    const balance = from === undefined ? 0n : ((await run.state.getAccount(from))?.balance ?? 0n);
    const value = callArgs.value ?? 0n;
    if (value > 0n && balance < value) {
      throw statusError(GrpcCode.Internal, 'insufficient balance for transfer');
    }
    const multiplier = ctx.evm.feeMarketParams(ctx.height).minGasMultiplier;
    const job = callJob(callArgs, account?.nonce ?? 0n, req.gasCap, base.common, {
      numerator: multiplier,
      denominator: LEGACY_DEC_ONE,
    });
    const tracer = makeTracer(plan.tracer, (address) => run.isPrecompile(address));
    const result = await run.trace(job, tracer, plan.timeoutMs, false, afterState);
    return QueryTraceCallResponse.encode({ data: json(result) });
  });
};

/** The tracing routes, by abci_query path. */
export const traceQueryRoutes: Readonly<Record<string, GrpcQueryHandler>> = {
  [QUERY_PATH.evmTraceTx]: traceTx,
  [QUERY_PATH.evmTraceBlock]: traceBlock,
  [QUERY_PATH.evmTraceCall]: traceCall,
};
