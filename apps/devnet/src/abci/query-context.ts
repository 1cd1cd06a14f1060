// What a gRPC query handler gets (the chain, the height it reads, the node's settings) and the helpers
// every handler shares: gogoproto-faithful request decoding and Cosmos account lookups.
import { KECCAK256_NULL_S } from '@ethereumjs/util';
import { type AccountInfo, devAccounts, type EvmChain, type Hex } from '../evm';
import { checkGogoUnmarshal, type GogoMessage } from './gogo-unmarshal';

export interface AbciQueryOptions {
  /** The validator's 20-byte consensus address (CometBFT's proposer address). */
  readonly validatorAddress: Uint8Array;
  /** The account of the validator's operator; default dev account 0. */
  readonly validatorAccount?: Hex;
  /** Bech32 prefix of account addresses (`<prefix>valcons` for consensus ones); default Ethermint's "ethm". */
  readonly bech32Prefix?: string;
  /**
   * The auth account number of an address; default: the dev account's index for the ten dev accounts, 0 for
   * any other (the devnet does not number accounts created later: only Cosmos signing reads the number).
   */
  readonly accountNumber?: (address: Hex) => bigint;
  /** baseapp's app name, in the "not ready" error; default the one abci_info reports. */
  readonly appName?: string;
  /** What `/app/version` answers; default the devnet's version. */
  readonly appVersion?: string;
  /** EVM timeout of EthCall and EstimateGas; default 5 s. */
  readonly evmTimeoutMs?: number;
}

export interface QueryContext {
  readonly evm: EvmChain;
  /** The committed height the query reads (at least 1). */
  readonly height: number;
  readonly options: AbciQueryOptions;
}

/** A gRPC query method: request bytes in, response bytes out; failures are thrown as GoError. */
export type GrpcQueryHandler = (ctx: QueryContext, data: Uint8Array) => Promise<Uint8Array>;

export const DEFAULT_BECH32_PREFIX = 'ethm';

export const bech32Prefix = (ctx: QueryContext): string => ctx.options.bech32Prefix ?? DEFAULT_BECH32_PREFIX;

/** The request as the gRPC router's codec unmarshals it: gogoproto's errors first, then the wire codec. */
export function decodeRequest<T>(
  data: Uint8Array,
  message: GogoMessage,
  codec: { decode(bytes: Uint8Array): T },
): T {
  checkGogoUnmarshal(data, message);
  return codec.decode(data);
}

function defaultAccountNumber(address: Hex): bigint {
  const index = devAccounts().findIndex((account) => account.address.toLowerCase() === address);
  return index < 0 ? 0n : BigInt(index);
}

export interface CosmosAccount extends AccountInfo {
  accountNumber: bigint;
}

/**
 * The auth account at the query height, or undefined when there is none: an Ethermint address gets one when
 * it first receives funds or sends a tx, so an account with no balance, nonce or code does not exist.
 */
export async function cosmosAccount(ctx: QueryContext, address: Hex): Promise<CosmosAccount | undefined> {
  const info = await ctx.evm.account(address, ctx.height);
  if (info.balance === 0n && info.nonce === 0n && info.codeHash === KECCAK256_NULL_S) return undefined;
  const accountNumber = (ctx.options.accountNumber ?? defaultAccountNumber)(address);
  return { ...info, accountNumber };
}
