// eth_createAccessList as geth's AccessList (internal/ethapi/api.go) computes it, with the engine's
// prestateTracer (Ethermint's TraceCall) standing in for geth's access-list tracer: run the call with the
// list so far, add what it touched, repeat until nothing new is touched; then the gas the call uses with
// that list. Every run is on the state of one block, resolved once.
import { Injectable } from '@nestjs/common';
import {
  type BlockParam,
  InvalidInputError,
  type TraceCallConfigDto,
  type TransactionCallDto,
} from '@photon/codec';
import { CometHttpClient, EthereumChainReader } from '@photon/engine-client';
import type { Hex } from '@photon/types';
import { getCreateAddress, ZeroAddress } from 'ethers';
import { BlockResolver } from '../chain/block-resolver';
import { TraceService } from '../debug/trace.service';
import {
  type AccessList,
  AccessListUnsettledError,
  PRECOMPILES,
  seedAccessList,
  settleAccessList,
} from './access-list';
import { ExecutionEngine } from './execution-engine';
import { ExecutionService } from './execution.service';

const LATEST: BlockParam = { kind: 'tag', tag: 'latest' };
const PRESTATE: TraceCallConfigDto = { tracer: 'prestateTracer' };

/**
 * Runs before giving up. Each run adds at least one account or slot, so only a call whose path keeps
 * changing with the gas the list saves needs more than a few; geth has no bound but its request deadline.
 */
export const MAX_ACCESS_LIST_RUNS = 16;

/** geth's accessListResult: `error` only when the call failed with the list applied. */
export interface AccessListResult {
  readonly accessList: AccessList;
  readonly gasUsed: bigint;
  readonly error?: string;
}

@Injectable()
export class AccessListService {
  constructor(
    private readonly traces: TraceService,
    private readonly execution: ExecutionService,
    private readonly resolver: BlockResolver,
    private readonly comet: CometHttpClient,
    private readonly reader: EthereumChainReader,
    private readonly engine: ExecutionEngine,
  ) {}

  async create(transaction: TransactionCallDto, block: BlockParam | undefined): Promise<AccessListResult> {
    const height = await this.resolver.stateHeight(block ?? LATEST);
    const pinned: BlockParam = { kind: 'number', number: height };
    const excluded = await this.excluded(transaction, height);
    const seed = seedAccessList(transaction.accessList, excluded);
    const list = await settleAccessList(
      seed,
      excluded,
      (applied) => this.traces.traceCall(withList(transaction, applied), pinned, PRESTATE),
      MAX_ACCESS_LIST_RUNS,
    ).catch((error: unknown) => {
      if (error instanceof AccessListUnsettledError) throw new InvalidInputError(error.message);
      throw error;
    });
    const { gasUsed, vmError } = await this.execution.gasUsed({
      transaction: withList(transaction, list),
      block: pinned,
    });
    return { accessList: list, gasUsed, ...(vmError === '' ? {} : { error: vmError }) };
  }

  /**
   * geth's exclusions (sender, recipient or the address a creation makes, precompiles) and the block's
   * coinbase, which the prestateTracer always names and EIP-3651 makes warm anyway.
   */
  private async excluded(transaction: TransactionCallDto, height: bigint): Promise<ReadonlySet<Hex>> {
    const from = (transaction.from ?? ZeroAddress).toLowerCase() as Hex;
    const nonce = transaction.nonce ?? (await this.engine.evm.account(from, height)).nonce;
    const to = transaction.to ?? getCreateAddress({ from, nonce });
    const header = await this.comet.header(height);
    const coinbase = await this.reader.miner(header.proposerAddress);
    return new Set([from, to.toLowerCase() as Hex, coinbase.toLowerCase() as Hex, ...PRECOMPILES]);
  }
}

const withList = (transaction: TransactionCallDto, list: AccessList): TransactionCallDto =>
  ({
    ...transaction,
    accessList: list.map((entry) => ({ address: entry.address, storageKeys: [...entry.storageKeys] })),
  }) as TransactionCallDto;
