// The x/evm and x/feemarket gRPC queries (crypto-org-chain/ethermint x/evm/keeper/grpc_query.go,
// x/feemarket/keeper/grpc_query.go): each decodes its request, asks the EVM core, encodes the answer.
import {
  bech32Encode,
  LEGACY_DEC_ONE,
  ChainConfig,
  EstimateGasResponse,
  EthCallRequest,
  FeeMarketQueryParamsRequest,
  FeeMarketQueryParamsResponse,
  Log,
  MsgEthereumTxResponse,
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
  QUERY_PATH,
} from '@photon/ethermint-wire';
import {
  type CallArgs,
  type CallResult,
  DEFAULT_EVM_TIMEOUT_MS,
  devAccounts,
  EvmCallError,
  type EvmParams,
  type Hex,
  type StateOverride,
} from '../evm';
import { consAddressFromBech32 } from './cosmos-address';
import { type GogoMessage } from './gogo-unmarshal';
import { hexToAddress, hexToHash, isHexAddress } from './geth-hex';
import {
  bech32Prefix,
  cosmosAccount,
  decodeRequest,
  type GrpcQueryHandler,
  type QueryContext,
} from './query-context';
import { GoError, GrpcCode, QueryErrors, SdkError, statusError } from './query-errors';
import { parseStateOverride } from './state-override-json';
import { BOTH_FEE_STYLES, hasBothFeeStyles, parseTransactionArgs } from './transaction-args';

const ZERO_HASH: Hex = `0x${'00'.repeat(32)}`;
/** params.TxGas. */
const TX_GAS = 21_000n;

function devAccount0(): Hex {
  const first = devAccounts()[0];
  if (first === undefined) throw new Error('no dev account 0');
  return first.address;
}

const message = (name: string, fields: GogoMessage['fields'] = {}): GogoMessage => ({ name, fields });
const addressRequest = (name: string): GogoMessage =>
  message(name, { 1: { goName: 'Address', wireType: 2 } });

const ETH_CALL_REQUEST = message('EthCallRequest', {
  1: { goName: 'Args', wireType: 2 },
  2: { goName: 'GasCap', wireType: 0 },
  3: { goName: 'ProposerAddress', wireType: 2 },
  4: { goName: 'ChainId', wireType: 0 },
  5: { goName: 'Overrides', wireType: 2 },
});

/** The hex address of the Balance, Storage and Code requests, which all answer a bad one the same way. */
function evmAddress(text: string): Hex {
  if (!isHexAddress(text)) throw statusError(GrpcCode.InvalidArgument, 'invalid zero address');
  return hexToAddress(text);
}

const account: GrpcQueryHandler = async (ctx, data) => {
  const req = decodeRequest(data, addressRequest('QueryAccountRequest'), QueryAccountRequest);
  if (!isHexAddress(req.address)) {
    const invalid = new SdkError(
      QueryErrors.invalidAddress,
      `address '${req.address}' is not a valid ethereum hex address`,
    );
    throw statusError(GrpcCode.InvalidArgument, invalid.message);
  }
  const info = await ctx.evm.account(hexToAddress(req.address), ctx.height);
  return QueryAccountResponse.encode({
    balance: info.balance.toString(),
    codeHash: info.codeHash,
    nonce: info.nonce,
  });
};

const balance: GrpcQueryHandler = async (ctx, data) => {
  const req = decodeRequest(data, addressRequest('QueryBalanceRequest'), QueryBalanceRequest);
  const value = await ctx.evm.balance(evmAddress(req.address), ctx.height);
  return QueryBalanceResponse.encode({ balance: value.toString() });
};

const storage: GrpcQueryHandler = async (ctx, data) => {
  const req = decodeRequest(
    data,
    message('QueryStorageRequest', {
      1: { goName: 'Address', wireType: 2 },
      2: { goName: 'Key', wireType: 2 },
    }),
    QueryStorageRequest,
  );
  const value = await ctx.evm.storage(evmAddress(req.address), hexToHash(req.key), ctx.height);
  return QueryStorageResponse.encode({ value });
};

const code: GrpcQueryHandler = async (ctx, data) => {
  const req = decodeRequest(data, addressRequest('QueryCodeRequest'), QueryCodeRequest);
  return QueryCodeResponse.encode({ code: await ctx.evm.code(evmAddress(req.address), ctx.height) });
};

function chainConfig(config: EvmParams['chainConfig']): ChainConfig {
  const wire = ChainConfig.fromPartial({});
  for (const key of Object.keys(wire) as (keyof ChainConfig)[]) {
    const value = config[key];
    // A fork that is not scheduled is Go's nil Int: an empty string on the wire.
    if (key === 'daoForkSupport') wire[key] = value === true;
    else wire[key] = typeof value === 'string' ? value : '';
  }
  return wire;
}

const params: GrpcQueryHandler = (ctx, data) => {
  decodeRequest(data, message('QueryParamsRequest'), QueryParamsRequest);
  const evmParams = ctx.evm.params();
  return Promise.resolve(
    QueryParamsResponse.encode({
      params: {
        evmDenom: evmParams.evmDenom,
        enableCreate: evmParams.enableCreate,
        enableCall: evmParams.enableCall,
        extraEips: evmParams.extraEips.map(BigInt),
        chainConfig: chainConfig(evmParams.chainConfig),
        allowUnprotectedTxs: evmParams.allowUnprotectedTxs,
        headerHashNum: BigInt(evmParams.headerHashNum),
      },
    }),
  );
};

const feeMarketParams: GrpcQueryHandler = (ctx, data) => {
  decodeRequest(data, message('QueryParamsRequest'), FeeMarketQueryParamsRequest);
  const fm = ctx.evm.feeMarketParams(ctx.height);
  return Promise.resolve(
    FeeMarketQueryParamsResponse.encode({
      params: {
        noBaseFee: fm.noBaseFee,
        baseFeeChangeDenominator: fm.baseFeeChangeDenominator,
        elasticityMultiplier: fm.elasticityMultiplier,
        enableHeight: BigInt(fm.enableHeight),
        baseFee: fm.baseFee.toString(),
        // LegacyDec on the wire is the value × 10^18; the multiplier is already held that way.
        minGasPrice: (fm.minGasPrice * LEGACY_DEC_ONE).toString(),
        minGasMultiplier: fm.minGasMultiplier.toString(),
      },
    }),
  );
};

/** The base fee the block at the height used (x/evm and x/feemarket answer alike). */
const baseFee: GrpcQueryHandler = (ctx, data) => {
  decodeRequest(data, message('QueryBaseFeeRequest'), QueryBaseFeeRequest);
  return Promise.resolve(QueryBaseFeeResponse.encode({ baseFee: ctx.evm.baseFee(ctx.height).toString() }));
};

/** json.Unmarshal of the args, an InvalidArgument status when it fails (both EthCall and EstimateGas). */
function callArgs(json: Uint8Array): CallArgs {
  try {
    return parseTransactionArgs(json);
  } catch (error) {
    if (error instanceof GoError) throw statusError(GrpcCode.InvalidArgument, error.message);
    throw error;
  }
}

/**
 * EthCallRequest.overrides as EthCall unmarshals it (an InvalidArgument status when it fails). EstimateGas
 * reads it too: Ethermint's leaves the field unread, geth applies overrides to eth_estimateGas as well.
 */
function stateOverride(json: Uint8Array): StateOverride | undefined {
  try {
    return parseStateOverride(json);
  } catch (error) {
    if (error instanceof GoError) throw statusError(GrpcCode.InvalidArgument, error.message);
    throw error;
  }
}

/** TransactionArgs.ToMessage's gas limit: the args' gas, else the cap (0: MaxUint64 / 2), at most the cap. */
function callGasLimit(args: CallArgs, gasCap: bigint): bigint {
  const gas = args.gas ?? (gasCap === 0n ? 2n ** 63n - 1n : gasCap);
  return gasCap !== 0n && gas > gasCap ? gasCap : gas;
}

function ethCallResponse(ctx: QueryContext, result: CallResult, gasLimit: bigint): Uint8Array {
  // ApplyMessageWithConfig reports at least gasLimit × min_gas_multiplier as used.
  const minimum = (gasLimit * ctx.evm.feeMarketParams(ctx.height).minGasMultiplier) / LEGACY_DEC_ONE;
  // A query context has no tx hash and no header hash: the zero hash stands for both.
  return MsgEthereumTxResponse.encode({
    hash: ZERO_HASH,
    logs: result.logs.map((log, index) =>
      Log.fromPartial({
        address: log.address.toLowerCase(),
        topics: log.topics,
        data: log.data,
        blockNumber: BigInt(ctx.height),
        txHash: ZERO_HASH,
        txIndex: 0n,
        blockHash: ZERO_HASH,
        index: BigInt(index),
        removed: false,
      }),
    ),
    ret: result.ret,
    vmError: result.vmError,
    gasUsed: result.gasUsed > minimum ? result.gasUsed : minimum,
    blockHash: new Uint8Array(),
  });
}

/**
 * EthCall: EVM failures (reverts included) are a successful answer carrying `vm_error` and `ret`. The
 * request's chain_id and proposer_address are not applied: the EVM core runs with the chain's own id and
 * the COINBASE of the block at the height.
 */
const ethCall: GrpcQueryHandler = async (ctx, data) => {
  const req = decodeRequest(data, ETH_CALL_REQUEST, EthCallRequest);
  const args = callArgs(req.args);
  const overrides = stateOverride(req.overrides);
  if (hasBothFeeStyles(args)) throw statusError(GrpcCode.InvalidArgument, BOTH_FEE_STYLES);
  try {
    const result = await ctx.evm.ethCall(args, {
      height: ctx.height,
      stateOverride: overrides,
      gasCap: req.gasCap,
      timeoutMs: ctx.options.evmTimeoutMs ?? DEFAULT_EVM_TIMEOUT_MS,
    });
    return ethCallResponse(ctx, result, callGasLimit(args, req.gasCap));
  } catch (error) {
    if (error instanceof EvmCallError) throw statusError(GrpcCode.Internal, error.message);
    throw error;
  }
};

/**
 * EstimateGas: a revert at the highest allowance is an answer (`ret`, `vm_error`, gas 0); any other failure
 * is an error that Ethermint returns without a gRPC status.
 */
const estimateGas: GrpcQueryHandler = async (ctx, data) => {
  const req = decodeRequest(data, ETH_CALL_REQUEST, EthCallRequest);
  if (req.gasCap < TX_GAS) {
    throw statusError(GrpcCode.InvalidArgument, 'gas cap cannot be lower than 21,000');
  }
  const args = callArgs(req.args);
  const overrides = stateOverride(req.overrides);
  if (hasBothFeeStyles(args)) throw statusError(GrpcCode.Internal, BOTH_FEE_STYLES);
  try {
    const result = await ctx.evm.estimateGas(args, {
      height: ctx.height,
      stateOverride: overrides,
      gasCap: req.gasCap,
      timeoutMs: ctx.options.evmTimeoutMs ?? DEFAULT_EVM_TIMEOUT_MS,
    });
    return EstimateGasResponse.encode(result);
  } catch (error) {
    if (error instanceof EvmCallError) throw new GoError(error.message);
    throw error;
  }
};

/** ValidatorAccount: consensus address → the validator's operator account (the devnet has one validator). */
const validatorAccount: GrpcQueryHandler = async (ctx, data) => {
  const req = decodeRequest(
    data,
    message('QueryValidatorAccountRequest', { 1: { goName: 'ConsAddress', wireType: 2 } }),
    QueryValidatorAccountRequest,
  );
  const prefix = bech32Prefix(ctx);
  let consAddress: Uint8Array;
  try {
    consAddress = consAddressFromBech32(req.consAddress, prefix);
  } catch (error) {
    if (error instanceof GoError) throw statusError(GrpcCode.InvalidArgument, error.message);
    throw error;
  }
  if (Buffer.compare(consAddress, ctx.options.validatorAddress) !== 0) {
    // fmt.Errorf("validator not found for %s, %w", consAddr, ErrNoValidatorFound): the status it carries
    // is the registered error's (Unknown).
    const consBech32 = bech32Encode(`${prefix}valcons`, consAddress);
    throw new GoError(
      `validator not found for ${consBech32}, ${QueryErrors.noValidatorFound.description}`,
      GrpcCode.Unknown,
    );
  }
  const operator = (ctx.options.validatorAccount ?? devAccount0()).toLowerCase() as Hex;
  const found = await cosmosAccount(ctx, operator);
  return QueryValidatorAccountResponse.encode({
    accountAddress: bech32Encode(prefix, Buffer.from(operator.slice(2), 'hex')),
    sequence: found?.nonce ?? 0n,
    accountNumber: found?.accountNumber ?? 0n,
  });
};

/** The x/evm and x/feemarket routes, by abci_query path. */
export const evmQueryRoutes: Readonly<Record<string, GrpcQueryHandler>> = {
  [QUERY_PATH.evmAccount]: account,
  [QUERY_PATH.evmBalance]: balance,
  [QUERY_PATH.evmStorage]: storage,
  [QUERY_PATH.evmCode]: code,
  [QUERY_PATH.evmParams]: params,
  [QUERY_PATH.evmEthCall]: ethCall,
  [QUERY_PATH.evmEstimateGas]: estimateGas,
  [QUERY_PATH.evmBaseFee]: baseFee,
  [QUERY_PATH.evmValidatorAccount]: validatorAccount,
  [QUERY_PATH.feemarketParams]: feeMarketParams,
  '/ethermint.feemarket.v1.Query/BaseFee': baseFee,
};
