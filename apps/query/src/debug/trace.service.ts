// debug_trace*: what Ethermint's rpc/backend/tracing.go does. A transaction is found by hash and replayed by
// the engine after its block's earlier Ethereum messages (TraceTx); a block's included messages are traced
// together (TraceBlock); a call runs on a block's state (TraceCall). The engine answers the tracer's JSON,
// passed on as is, within the cap on traces in flight and the size bound.
import { Inject, Injectable } from '@nestjs/common';
import {
  type BlockNumberOrTag,
  type BlockParam,
  InvalidInputError,
  LimitExceededError,
  type TraceCallConfigDto,
  type TraceConfigDto,
  type TransactionCallDto,
} from '@photon/codec';
import {
  AbciQueryError,
  CometHttpClient,
  EthereumChainReader,
  type TraceBlock,
  type TraceInputs,
} from '@photon/engine-client';
import type { Hex } from '@photon/types';
import { BlockResolver } from '../chain/block-resolver';
import { engineCallText } from '../execution/call-outcome';
import { transactionArgs } from '../execution/call-args';
import { QUERY_OPTIONS, type QueryOptions } from '../query-options';
import { wireTraceConfig } from './trace-config';
import { TraceEngine } from './trace-engine';
import { TraceGate } from './trace-gate';

const LATEST: BlockParam = { kind: 'tag', tag: 'latest' };
const DEFAULT_TRACES_IN_FLIGHT = 4;
const DEFAULT_MAX_TRACE_BYTES = 25_000_000;

/** One transaction of a block trace: geth's txTraceResult. */
export type BlockTraceItem = { txHash: Hex; result: unknown } | { txHash: Hex; error: string };

const traceBlockOf = (inputs: TraceInputs): TraceBlock => ({
  height: inputs.height,
  hash: inputs.hash,
  time: inputs.time,
  proposerAddress: inputs.proposerAddress,
});

@Injectable()
export class TraceService {
  private readonly gate: TraceGate;
  private readonly maxBytes: number;

  constructor(
    @Inject(QUERY_OPTIONS) private readonly options: QueryOptions,
    private readonly engine: TraceEngine,
    private readonly reader: EthereumChainReader,
    private readonly resolver: BlockResolver,
    private readonly comet: CometHttpClient,
  ) {
    this.gate = new TraceGate(options.traceLimits?.inFlight ?? DEFAULT_TRACES_IN_FLIGHT);
    this.maxBytes = options.traceLimits?.maxBytes ?? DEFAULT_MAX_TRACE_BYTES;
  }

  async traceTransaction(hash: string, config: TraceConfigDto | undefined): Promise<unknown> {
    const key = hash.toLowerCase() as Hex;
    const tx = await this.reader.transactionByHash(key);
    if (tx?.position == null) throw new InvalidInputError('transaction not found');
    const inputs = await this.reader.traceInputs(tx.position.blockNumber);
    const index = inputs?.txs.findIndex((item) => item.hash === key) ?? -1;
    const msg = inputs?.txs[index]?.msg;
    if (inputs === null || msg === undefined) throw new InvalidInputError('transaction not found');
    const text = await this.run(() =>
      this.engine.evm.traceTx({
        msg,
        predecessors: inputs.txs.slice(0, index).map((item) => item.msg),
        block: traceBlockOf(inputs),
        config: wireTraceConfig(config),
        chainId: this.options.chainId.eip155,
      }),
    );
    return JSON.parse(text) as unknown;
  }

  /** Every included transaction of the block, traced in order on the state the earlier ones left. */
  async traceBlock(
    block: { kind: 'param'; param: BlockNumberOrTag } | { kind: 'hash'; hash: string },
    config: TraceConfigDto | undefined,
  ): Promise<BlockTraceItem[]> {
    const inputs = await this.blockInputs(block);
    if (inputs.txs.length === 0) return [];
    const text = await this.run(() =>
      this.engine.evm.traceBlock({
        txs: inputs.txs.map((item) => item.msg),
        block: traceBlockOf(inputs),
        config: wireTraceConfig(config),
        chainId: this.options.chainId.eip155,
      }),
    );
    const results = JSON.parse(text) as ({ result?: unknown; error?: string } | null)[];
    return inputs.txs.map((item, i): BlockTraceItem => {
      const traced = results[i];
      if (traced?.error !== undefined && traced.error !== '')
        return { txHash: item.hash, error: traced.error };
      return { txHash: item.hash, result: traced?.result ?? null };
    });
  }

  async traceCall(
    transaction: TransactionCallDto,
    block: BlockParam | undefined,
    config: TraceCallConfigDto | undefined,
  ): Promise<unknown> {
    const height = await this.resolver.stateHeight(block ?? LATEST);
    const { blockId, block: header } = await this.comet.block(height);
    const text = await this.run(() =>
      this.engine.evm.traceCall({
        args: transactionArgs(transaction),
        gasCap: this.options.gasCap,
        block: {
          height,
          hash: blockId.hash,
          time: header.header.time,
          proposerAddress: header.header.proposerAddress,
        },
        config: wireTraceConfig(config),
        chainId: this.options.chainId.eip155,
      }),
    );
    return JSON.parse(text) as unknown;
  }

  private async blockInputs(
    block: { kind: 'param'; param: BlockNumberOrTag } | { kind: 'hash'; hash: string },
  ): Promise<TraceInputs> {
    if (block.kind === 'hash') {
      const found = await this.reader.traceInputs(block.hash.toLowerCase() as Hex);
      if (found === null) throw new InvalidInputError(`block ${block.hash} not found`);
      return found;
    }
    const height = await this.resolver.blockHeight(block.param);
    const found = height === null || height === 0n ? null : await this.reader.traceInputs(height);
    if (found === null) {
      if (height === 0n) throw new InvalidInputError('genesis is not traceable');
      const name = block.param.kind === 'number' ? `#${block.param.number}` : block.param.tag;
      throw new InvalidInputError(`block ${name} not found`);
    }
    return found;
  }

  /** A trace on the engine, within the cap on traces in flight; the engine's refusals are -32000 in its words. */
  private async run(trace: () => Promise<string>): Promise<string> {
    const text = await this.gate.run(async () => {
      try {
        return await trace();
      } catch (error) {
        if (error instanceof AbciQueryError) throw new InvalidInputError(engineCallText(error.log));
        throw error;
      }
    });
    const bytes = Buffer.byteLength(text);
    if (bytes > this.maxBytes) {
      throw new LimitExceededError(
        `trace result of ${bytes} bytes exceeds --max-trace-bytes (${this.maxBytes}): narrow it with limit, ` +
          'disableStack, disableStorage or a native tracer',
      );
    }
    return text;
  }
}
