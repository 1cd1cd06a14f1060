// EthCallRequest.args: the JSON TransactionArgs (ethermint x/evm/types/tx_args.go) decoded the way Go's
// encoding/json and go-ethereum's hexutil decode it, with their error texts, into the EVM core's CallArgs.
import type { CallArgs, Hex } from '../evm';
import { goJsonSyntaxError } from './go-json';
import { FieldError, fixedHex, hexBytes, hexNumber, type Json, jsonKind, typeError } from './go-hex-fields';
import { GoError } from './query-errors';

const uint64 = (value: Json): bigint => hexNumber(value, 'hexutil.Uint64', 64);
const big = (value: Json): bigint => hexNumber(value, '*hexutil.Big', 256);
const address = (value: Json): Hex => fixedHex(value, 'common.Address', 20);

/** One types.AccessTuple, through its gencodec UnmarshalJSON (both fields required). */
function accessTuple(value: Json): { address: Hex; storageKeys: Hex[] } {
  // A null element reaches UnmarshalJSON, which then finds no address.
  if (value === null) throw new FieldError("missing required field 'address' for AccessTuple", undefined);
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw typeError(jsonKind(value), 'types.AccessTuple');
  }
  let tupleAddress: Hex | undefined;
  let storageKeys: Hex[] | undefined;
  let saved: FieldError | undefined;
  for (const [key, item] of Object.entries(value)) {
    const name = key.toLowerCase();
    if (name === 'address') {
      tupleAddress = item === null ? undefined : address(item);
    } else if (name === 'storagekeys') {
      if (item === null) storageKeys = undefined;
      else if (!Array.isArray(item)) saved ??= typeError(jsonKind(item), '[]common.Hash', true);
      else storageKeys = item.map((key) => fixedHex(key, 'common.Hash', 32));
    }
  }
  if (saved !== undefined) throw new FieldError(saved.message, saved.typeError);
  if (tupleAddress === undefined) {
    throw new FieldError("missing required field 'address' for AccessTuple", undefined);
  }
  if (storageKeys === undefined) {
    throw new FieldError("missing required field 'storageKeys' for AccessTuple", undefined);
  }
  return { address: tupleAddress, storageKeys };
}

function accessList(value: Json): { address: Hex; storageKeys: Hex[] }[] {
  if (!Array.isArray(value)) throw typeError(jsonKind(value), 'types.AccessList', true);
  return value.map(accessTuple);
}

/** The TransactionArgs fields by JSON name; `nonce` and `chainId` are read but not used by the queries. */
const FIELDS = {
  from: (args: DecodedArgs, value: Json) => (args.from = address(value)),
  to: (args: DecodedArgs, value: Json) => (args.to = address(value)),
  gas: (args: DecodedArgs, value: Json) => (args.gas = uint64(value)),
  gasPrice: (args: DecodedArgs, value: Json) => (args.gasPrice = big(value)),
  maxFeePerGas: (args: DecodedArgs, value: Json) => (args.maxFeePerGas = big(value)),
  maxPriorityFeePerGas: (args: DecodedArgs, value: Json) => (args.maxPriorityFeePerGas = big(value)),
  value: (args: DecodedArgs, value: Json) => (args.value = big(value)),
  nonce: (_args: DecodedArgs, value: Json) => uint64(value),
  data: (args: DecodedArgs, value: Json) => (args.data = hexBytes(value)),
  input: (args: DecodedArgs, value: Json) => (args.input = hexBytes(value)),
  accessList: (args: DecodedArgs, value: Json) => (args.accessList = accessList(value)),
  chainId: (_args: DecodedArgs, value: Json) => big(value),
} as const satisfies Record<string, (args: DecodedArgs, value: Json) => unknown>;

type FieldName = keyof typeof FIELDS;

interface DecodedArgs extends Omit<CallArgs, 'data'> {
  data?: Uint8Array;
  input?: Uint8Array;
}

/** Go matches a key to a field exactly, else case-insensitively. */
function fieldFor(key: string): FieldName | undefined {
  if (Object.hasOwn(FIELDS, key)) return key as FieldName;
  const folded = key.toLowerCase();
  return (Object.keys(FIELDS) as FieldName[]).find((name) => name.toLowerCase() === folded);
}

function fieldMessage(error: FieldError, field: FieldName): string {
  if (error.typeError === undefined) return error.message;
  const { value, type } = error.typeError;
  return `json: cannot unmarshal ${value} into Go struct field TransactionArgs.${field} of type ${type}`;
}

/**
 * `json.Unmarshal(args, &TransactionArgs{})`: the call's arguments, or a GoError with Go's text (a plain
 * error; the handler decides its gRPC status).
 */
export function parseTransactionArgs(json: Uint8Array): CallArgs {
  const syntax = goJsonSyntaxError(json);
  if (syntax !== undefined) throw new GoError(syntax);
  const root = JSON.parse(Buffer.from(json).toString('utf8')) as Json;
  const args: DecodedArgs = {};
  if (root !== null) {
    if (typeof root !== 'object' || Array.isArray(root)) {
      throw new GoError(
        `json: cannot unmarshal ${jsonKind(root)} into Go value of type types.TransactionArgs`,
      );
    }
    let saved: string | undefined;
    for (const [key, value] of Object.entries(root)) {
      const field = fieldFor(key);
      // null leaves a pointer field nil.
      if (field === undefined || value === null) continue;
      try {
        FIELDS[field](args, value);
      } catch (error) {
        if (!(error instanceof FieldError)) throw error;
        if (!error.soft) throw new GoError(fieldMessage(error, field));
        saved ??= fieldMessage(error, field);
      }
    }
    if (saved !== undefined) throw new GoError(saved);
  }
  return toCallArgs(args);
}

/** The one error of TransactionArgs.ToMessage. */
export const BOTH_FEE_STYLES = 'both gasPrice and (maxFeePerGas or maxPriorityFeePerGas) specified';

function toCallArgs(decoded: DecodedArgs): CallArgs {
  const { input, data, ...rest } = decoded;
  // GetData: "input" wins over "data".
  const callData = input ?? data;
  return callData === undefined ? rest : { ...rest, data: callData };
}

/** ToMessage's one check: legacy and EIP-1559 fee fields together. */
export function hasBothFeeStyles(args: CallArgs): boolean {
  return (
    args.gasPrice !== undefined &&
    (args.maxFeePerGas !== undefined || args.maxPriorityFeePerGas !== undefined)
  );
}
