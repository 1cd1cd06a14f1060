// eth_call and eth_estimateGas: the call runs on the engine (Ethermint's EthCall / EstimateGas) against the
// state after the chosen block, with the tier's gas cap; the engine's verdict becomes geth's answer. The
// state of a committed block never changes, so a successful answer is kept for the same request at the
// same height until evicted.
import { Inject, Injectable } from '@nestjs/common';
import {
  type BlockOverridesDto,
  type BlockParam,
  InvalidInputError,
  type StateOverrides,
  type TransactionCallDto,
} from '@photon/codec';
import type { EthCallParams } from '@photon/engine-client';
import type { Hex } from '@photon/types';
import { getAddress } from 'ethers';
import { FinalAnswers } from '../cache/final-answers';
import { BlockResolver } from '../chain/block-resolver';
import { QUERY_OPTIONS, type QueryOptions } from '../query-options';
import { stateOverridesJson, transactionArgs } from './call-args';
import { assertExecuted, gethCallText, toCallError } from './call-outcome';
import { ExecutionEngine } from './execution-engine';

const LATEST: BlockParam = { kind: 'tag', tag: 'latest' };

/** The engine's call params with the height always resolved. */
type PinnedCallParams = EthCallParams & { readonly height: bigint };

export interface CallRequest {
  readonly transaction: TransactionCallDto;
  readonly block?: BlockParam;
  readonly stateOverrides?: StateOverrides;
  readonly blockOverrides?: BlockOverridesDto;
}

@Injectable()
export class ExecutionService {
  constructor(
    @Inject(QUERY_OPTIONS) private readonly options: QueryOptions,
    private readonly engine: ExecutionEngine,
    private readonly resolver: BlockResolver,
    private readonly final: FinalAnswers,
  ) {}

  /** The call's return data; throws code 3 for a revert, -32000 for other failures. */
  async call(request: CallRequest): Promise<Hex> {
    const params = await this.engineParams(request);
    return this.kept(params, 'call', async () => {
      const result = await this.engine.evm.ethCall(params).catch((error: unknown) => {
        throw toCallError(error);
      });
      assertExecuted(result);
      return result.ret;
    });
  }

  /** The gas the transaction needs; a revert answers as eth_call's does. */
  async estimateGas(request: CallRequest): Promise<bigint> {
    const params = await this.engineParams(request);
    return this.kept(params, 'estimateGas', async () => {
      const result = await this.engine.evm.estimateGas(params).catch((error: unknown) => {
        throw toCallError(error);
      });
      assertExecuted(result);
      return result.gas;
    });
  }

  /**
   * The gas the call uses and its vm error ('' when it succeeded), as geth's eth_createAccessList reports
   * them: the limit is the estimate (or the caller's gas when the estimate fails), since Ethermint charges at
   * least `MinGasMultiplier` (0.5) of the limit and would report half the 25M cap for any call run with it.
   */
  async gasUsed(request: CallRequest): Promise<{ gasUsed: bigint; vmError: string }> {
    const params = await this.engineParams(request);
    const needed = await this.engine.evm.estimateGas(params).catch(() => null);
    const limited =
      needed === null || needed.vmError !== ''
        ? params
        : { ...params, args: { ...params.args, gas: `0x${needed.gas.toString(16)}` } };
    const result = await this.engine.evm.ethCall(limited).catch((error: unknown) => {
      throw toCallError(error);
    });
    return { gasUsed: result.gasUsed, vmError: result.vmError === '' ? '' : gethCallText(result.vmError) };
  }

  /**
   * `run`'s answer, kept for the same request at the same committed height. Always in the cache bounded by
   * bytes, whatever the block tag: a call's data and return data may be large. At the head, entries of
   * older heads are simply never asked again and age out.
   */
  private kept<T>(params: PinnedCallParams, kind: string, run: () => Promise<T>): Promise<T> {
    // The gas cap and chain id are this service's own, the same for every call: not part of the key. Plain
    // JSON, no replacer (a replacer takes V8's slow path for every value of every call).
    const { args, proposerAddress = null, overrides = null } = params;
    const key = `${kind}:${JSON.stringify([args, proposerAddress, overrides])}`;
    return this.final.get(params.height, key, run);
  }

  private async engineParams(request: CallRequest): Promise<PinnedCallParams> {
    if (request.blockOverrides !== undefined && Object.values(request.blockOverrides).some(isSet)) {
      // Ethermint's EthCall has no block overrides; running without them would answer a different question.
      throw new InvalidInputError('block overrides are not supported by this node');
    }
    if (request.stateOverrides !== undefined) checkStateOverrides(request.stateOverrides);
    const height = await this.resolver.stateHeight(request.block ?? LATEST);
    return {
      args: transactionArgs(request.transaction),
      gasCap: this.options.gasCap,
      chainId: this.options.chainId.eip155,
      height,
      // No proposer_address: Ethermint then takes COINBASE from its query context's header
      // (GetProposerAddress), saving a header read per call; only a historical call's COINBASE may differ.
      ...(request.stateOverrides === undefined || request.stateOverrides.size === 0
        ? {}
        : { overrides: stateOverridesJson(request.stateOverrides) }),
    };
  }
}

const isSet = (value: unknown): boolean => value !== undefined;

/**
 * What geth refuses while applying overrides, refused before the engine is asked: `state` with `stateDiff`
 * (geth's words and code), and moving a precompile, which Ethermint's StateOverride does not read (running
 * without it would answer a different question).
 */
function checkStateOverrides(overrides: StateOverrides): void {
  for (const [address, account] of overrides) {
    if (account.state !== undefined && account.stateDiff !== undefined) {
      throw new InvalidInputError(`account ${getAddress(address)} has both 'state' and 'stateDiff'`);
    }
    if (account.movePrecompileToAddress !== undefined) {
      throw new InvalidInputError('movePrecompileToAddress is not supported by this node');
    }
  }
}
