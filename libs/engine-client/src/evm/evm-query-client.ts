// Ethermint's x/evm and x/feemarket gRPC queries, sent through abci_query with protobuf bodies at a chosen
// height. Heights the application lacks throw HeightNotAvailableError; other refusals AbciQueryError.
import {
  bech32Decode,
  bech32Encode,
  EstimateGasResponse,
  EthCallRequest,
  EthermintWireError,
  type FeeMarketParams,
  FeeMarketQueryParamsRequest,
  FeeMarketQueryParamsResponse,
  type Log,
  MsgEthereumTxResponse,
  type Params,
  QUERY_PATH,
  QueryAccountRequest,
  QueryAccountResponse,
  QueryBalanceRequest,
  QueryBalanceResponse,
  QueryBaseFeeRequest,
  QueryBaseFeeResponse,
  QueryCodeRequest,
  QueryCodeResponse,
  QueryParamsRequest,
  QueryParamsResponse,
  QueryStorageRequest,
  QueryStorageResponse,
  QueryValidatorAccountRequest,
  QueryValidatorAccountResponse,
  type MsgEthereumTx,
  QueryTraceBlockRequest,
  QueryTraceBlockResponse,
  QueryTraceCallRequest,
  QueryTraceCallResponse,
  QueryTraceTxRequest,
  QueryTraceTxResponse,
  type TraceConfig,
} from '@photon/ethermint-wire';
import { type Hex } from '@photon/types';
import { Bech32PrefixRequest, Bech32PrefixResponse } from 'cosmjs-types/cosmos/auth/v1beta1/query';
import { type CometHttpClient } from '../http/comet-http-client';
import { AbciQueryError, EngineResponseError } from '../errors';
import { abciValue } from './abci-answer';

/** geth's TransactionArgs as JSON (hex QUANTITY/DATA strings), what EthCall and EstimateGas read. */
export interface TransactionArgsJson {
  readonly from?: string;
  readonly to?: string | null;
  readonly gas?: string;
  readonly gasPrice?: string;
  readonly maxFeePerGas?: string;
  readonly maxPriorityFeePerGas?: string;
  readonly value?: string;
  readonly nonce?: string;
  readonly data?: string;
  readonly input?: string;
  readonly accessList?: readonly { readonly address: string; readonly storageKeys: readonly string[] }[];
  readonly chainId?: string;
}

export interface EthCallParams {
  readonly args: TransactionArgsJson;
  /** Ethermint's gas cap (LIMITS.md: 25,000,000). */
  readonly gasCap: bigint;
  /** EIP-155 chain id. */
  readonly chainId: bigint;
  /** State after this block; latest when omitted. */
  readonly height?: bigint;
  /** Consensus address (20 bytes) of the block's proposer, so COINBASE is the block's. */
  readonly proposerAddress?: Hex;
  /** geth state overrides as JSON (maintained line only). */
  readonly overrides?: Readonly<Record<string, unknown>>;
}

export interface EthCallResult {
  /** Return data, or the revert data when `vmError` is set. */
  readonly ret: Hex;
  /** '' on success; `execution reverted`, `out of gas`, … otherwise. */
  readonly vmError: string;
  readonly gasUsed: bigint;
  readonly logs: readonly Log[];
}

export interface EstimateGasResult {
  readonly gas: bigint;
  readonly ret: Hex;
  readonly vmError: string;
}

/** The block a traced tx or call runs in, as the request carries it. */
export interface TraceBlock {
  readonly height: bigint;
  /** The CometBFT block hash, 0x hex. */
  readonly hash: Hex;
  readonly time: { readonly seconds: bigint; readonly nanos: number };
  /** The proposer's 20-byte consensus address, 0x hex. */
  readonly proposerAddress: Hex;
}

export interface TraceTxParams {
  readonly msg: MsgEthereumTx;
  /** The block's Ethereum messages before `msg`. */
  readonly predecessors: readonly MsgEthereumTx[];
  readonly block: TraceBlock;
  readonly config: TraceConfig;
  readonly chainId: bigint;
}

export interface TraceBlockParams {
  readonly txs: readonly MsgEthereumTx[];
  readonly block: TraceBlock;
  readonly config: TraceConfig;
  readonly chainId: bigint;
}

export interface TraceCallParams {
  readonly args: TransactionArgsJson;
  readonly gasCap: bigint;
  /** The block whose state the call runs on. */
  readonly block: TraceBlock;
  readonly config: TraceConfig;
  readonly chainId: bigint;
}

export interface EvmAccount {
  readonly balance: bigint;
  readonly codeHash: Hex;
  readonly nonce: bigint;
}

export interface EvmQueryClientOptions {
  /** Bech32 account prefix of the chain (`ethm`, `evmos`, `crc`); asked of the node when omitted. */
  bech32Prefix?: string;
}

/** Ethermint's own default, used when the node cannot tell (no auth Bech32Prefix query). */
const DEFAULT_BECH32_PREFIX = 'ethm';
const BECH32_PREFIX_PATH = '/cosmos.auth.v1beta1.Query/Bech32Prefix';

const toHex = (bytes: Uint8Array): Hex => `0x${Buffer.from(bytes).toString('hex')}`;
const fromHex = (hex: Hex | undefined): Uint8Array =>
  hex === undefined ? new Uint8Array() : Uint8Array.from(Buffer.from(hex.slice(2), 'hex'));
// Node's Buffer, not a TextEncoder: the same UTF-8 bytes in a fifth of the time (node 20, an eth_call's args).
const utf8 = (value: unknown): Uint8Array => Buffer.from(JSON.stringify(value));

function decimal(path: string, text: string): bigint {
  if (!/^[0-9]+$/.test(text))
    throw new EngineResponseError(path, `expected a decimal integer, got "${text}"`);
  return BigInt(text);
}

export class EvmQueryClient {
  private prefix: Promise<string> | undefined;

  constructor(
    private readonly comet: CometHttpClient,
    opts: EvmQueryClientOptions = {},
  ) {
    if (opts.bech32Prefix !== undefined) this.prefix = Promise.resolve(opts.bech32Prefix);
  }

  async balance(address: Hex, height?: bigint): Promise<bigint> {
    const { balance } = await this.ask(
      QUERY_PATH.evmBalance,
      QueryBalanceRequest.encode({ address }),
      height,
      QueryBalanceResponse,
    );
    return decimal(QUERY_PATH.evmBalance, balance || '0');
  }

  /** The 32-byte slot value, 0x hex. */
  async storage(address: Hex, key: Hex, height?: bigint): Promise<Hex> {
    const request = QueryStorageRequest.encode({ address, key });
    const { value } = await this.ask(QUERY_PATH.evmStorage, request, height, QueryStorageResponse);
    return value.toLowerCase() as Hex;
  }

  async code(address: Hex, height?: bigint): Promise<Hex> {
    const request = QueryCodeRequest.encode({ address });
    return toHex((await this.ask(QUERY_PATH.evmCode, request, height, QueryCodeResponse)).code);
  }

  async account(address: Hex, height?: bigint): Promise<EvmAccount> {
    const request = QueryAccountRequest.encode({ address });
    const account = await this.ask(QUERY_PATH.evmAccount, request, height, QueryAccountResponse);
    return {
      balance: decimal(QUERY_PATH.evmAccount, account.balance || '0'),
      codeHash: account.codeHash.toLowerCase() as Hex,
      nonce: account.nonce,
    };
  }

  async params(height?: bigint): Promise<Params> {
    const request = QueryParamsRequest.encode({});
    const { params } = await this.ask(QUERY_PATH.evmParams, request, height, QueryParamsResponse);
    if (params === undefined) throw new EngineResponseError(QUERY_PATH.evmParams, 'no params');
    return params;
  }

  /** The base fee at `height`; null when London (the fee market) is not active there. */
  async baseFee(height?: bigint): Promise<bigint | null> {
    const request = QueryBaseFeeRequest.encode({});
    const { baseFee } = await this.ask(QUERY_PATH.evmBaseFee, request, height, QueryBaseFeeResponse);
    return baseFee === '' ? null : decimal(QUERY_PATH.evmBaseFee, baseFee);
  }

  async feeMarketParams(height?: bigint): Promise<FeeMarketParams> {
    const request = FeeMarketQueryParamsRequest.encode({});
    const path = QUERY_PATH.feemarketParams;
    const { params } = await this.ask(path, request, height, FeeMarketQueryParamsResponse);
    if (params === undefined) throw new EngineResponseError(QUERY_PATH.feemarketParams, 'no params');
    return params;
  }

  async ethCall(call: EthCallParams): Promise<EthCallResult> {
    const request = this.callRequest(call);
    const response = await this.ask(QUERY_PATH.evmEthCall, request, call.height, MsgEthereumTxResponse);
    return {
      ret: toHex(response.ret),
      vmError: response.vmError,
      gasUsed: response.gasUsed,
      logs: response.logs,
    };
  }

  async estimateGas(call: EthCallParams): Promise<EstimateGasResult> {
    const request = this.callRequest(call);
    const response = await this.ask(QUERY_PATH.evmEstimateGas, request, call.height, EstimateGasResponse);
    return { gas: response.gas, ret: toHex(response.ret), vmError: response.vmError };
  }

  /**
   * TraceTx, on the state before the tx's block (Ethermint asks at the parent height, at least 1): the
   * tracer's result as JSON text.
   */
  async traceTx(params: TraceTxParams): Promise<string> {
    const request = QueryTraceTxRequest.encode({
      msg: params.msg,
      predecessors: [...params.predecessors],
      traceConfig: params.config,
      ...traceBlockFields(params.block),
      chainId: params.chainId,
    });
    const path = QUERY_PATH.evmTraceTx;
    const { data } = await this.ask(path, request, parentHeight(params.block.height), QueryTraceTxResponse);
    return utf8Text(data);
  }

  /** TraceBlock: a JSON array of `{result}` or `{error}`, one per tx. */
  async traceBlock(params: TraceBlockParams): Promise<string> {
    const request = QueryTraceBlockRequest.encode({
      txs: [...params.txs],
      traceConfig: params.config,
      ...traceBlockFields(params.block),
      chainId: params.chainId,
    });
    const path = QUERY_PATH.evmTraceBlock;
    const { data } = await this.ask(
      path,
      request,
      parentHeight(params.block.height),
      QueryTraceBlockResponse,
    );
    return utf8Text(data);
  }

  /** TraceCall, on the state after `block`. */
  async traceCall(params: TraceCallParams): Promise<string> {
    const request = QueryTraceCallRequest.encode({
      args: utf8(params.args),
      gasCap: params.gasCap,
      traceConfig: params.config,
      ...traceBlockFields(params.block),
      chainId: params.chainId,
    });
    const path = QUERY_PATH.evmTraceCall;
    const { data } = await this.ask(path, request, params.block.height, QueryTraceCallResponse);
    return utf8Text(data);
  }

  /** The EVM account (0x lowercase) of the validator with this 20-byte consensus address (a block's proposer). */
  async validatorAccount(consAddress: Hex, height?: bigint): Promise<Hex> {
    const prefix = await this.bech32Prefix();
    const request = QueryValidatorAccountRequest.encode({
      consAddress: bech32Encode(`${prefix}valcons`, fromHex(consAddress)),
    });
    const path = QUERY_PATH.evmValidatorAccount;
    const { accountAddress } = await this.ask(path, request, height, QueryValidatorAccountResponse);
    const bytes = accountBytes(accountAddress);
    if (bytes?.length !== 20) {
      throw new EngineResponseError(
        QUERY_PATH.evmValidatorAccount,
        `not an account address: ${accountAddress}`,
      );
    }
    return toHex(bytes);
  }

  /** The chain's bech32 account prefix: the option, else the node's auth Bech32Prefix answer, else `ethm`. */
  bech32Prefix(): Promise<string> {
    this.prefix ??= this.askBech32Prefix();
    return this.prefix;
  }

  private async askBech32Prefix(): Promise<string> {
    try {
      const request = Bech32PrefixRequest.encode({}).finish();
      const answer = await this.ask(BECH32_PREFIX_PATH, request, undefined, Bech32PrefixResponse);
      return answer.bech32Prefix || DEFAULT_BECH32_PREFIX;
    } catch (error) {
      // SDK < 0.46 and the devnet have no such query; a dead engine must not pin the default forever.
      if (error instanceof AbciQueryError) return DEFAULT_BECH32_PREFIX;
      this.prefix = undefined;
      throw error;
    }
  }

  private callRequest(call: EthCallParams): Uint8Array {
    return EthCallRequest.encode({
      args: utf8(call.args),
      gasCap: call.gasCap,
      proposerAddress: fromHex(call.proposerAddress),
      chainId: call.chainId,
      overrides: call.overrides === undefined ? new Uint8Array() : utf8(call.overrides),
    });
  }

  /** Sends the query and decodes its value; bytes that are not the response message are a malformed answer. */
  private async ask<T>(
    path: string,
    data: Uint8Array,
    height: bigint | undefined,
    response: { decode(bytes: Uint8Array): T },
  ): Promise<T> {
    const answer = await this.comet.abciQuery(path, data, height === 0n ? undefined : height);
    const value = abciValue(path, answer, height);
    try {
      return response.decode(value);
    } catch (error) {
      throw new EngineResponseError(path, error instanceof Error ? error.message : String(error));
    }
  }
}

/** Ethermint's context height of a block's traces: its parent, at least 1 (0 would mean latest). */
const parentHeight = (height: bigint): bigint => (height > 1n ? height - 1n : 1n);

const utf8Text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/** The block fields every trace request carries; the hash as Ethermint's `common.Bytes2Hex` (no 0x). */
function traceBlockFields(block: TraceBlock) {
  return {
    blockNumber: block.height,
    blockHash: block.hash.slice(2),
    blockTime: { seconds: block.time.seconds, nanos: block.time.nanos },
    proposerAddress: fromHex(block.proposerAddress),
  };
}

/** The payload of a bech32 account address; undefined when the node answered something that is not bech32. */
function accountBytes(text: string): Uint8Array | undefined {
  try {
    return bech32Decode(text).bytes;
  } catch (error) {
    if (error instanceof EthermintWireError) return undefined;
    throw error;
  }
}
