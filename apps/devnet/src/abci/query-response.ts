// The `abci_query` result as CometBFT 0.38 writes it (libs/json of abci.ResponseQuery): every field present,
// int64 as strings, bytes as base64 with nil as null; and baseapp's two answer shapes, a value or an error.
import { encodeBase64, encodeInt64 } from '../comet';
import { type SdkError } from './query-errors';

export interface AbciQueryResponse {
  readonly response: {
    readonly code: number;
    readonly log: string;
    readonly info: string;
    /** int64, always "0" from the SDK. */
    readonly index: string;
    /** base64, or null (the SDK never sets it for gRPC queries). */
    readonly key: string | null;
    /** base64; null when the SDK leaves it nil (every error), "" for an empty message. */
    readonly value: string | null;
    /** gRPC-path queries and queries without `prove` carry none; `store/…/key` with prove=true does. */
    readonly proofOps: { readonly ops: readonly ProofOpJson[] } | null;
    /** int64 as a string: the height answered, or "0" when the query never reached a height. */
    readonly height: string;
    readonly codespace: string;
  };
}

/** crypto.ProofOp: `key` and `data` bytes. */
export interface ProofOp {
  readonly type: string;
  readonly key: Uint8Array;
  readonly data: Uint8Array;
}

/** A ProofOp as CometBFT's JSON writes it (bytes in base64). */
export interface ProofOpJson {
  readonly type: string;
  readonly key: string;
  readonly data: string;
}

interface ResponseFields {
  code?: number;
  key?: Uint8Array;
  ops?: readonly ProofOp[] | null;
  log?: string;
  value?: Uint8Array;
  height?: bigint;
  codespace?: string;
}

function responseQuery(fields: ResponseFields): AbciQueryResponse {
  return {
    response: {
      code: fields.code ?? 0,
      log: fields.log ?? '',
      info: '',
      index: '0',
      key: fields.key === undefined ? null : encodeBase64(fields.key),
      value: fields.value === undefined ? null : encodeBase64(fields.value),
      proofOps: fields.ops ? { ops: fields.ops.map(proofOpJson) } : null,
      height: encodeInt64(fields.height ?? 0n),
      codespace: fields.codespace ?? '',
    },
  };
}

/** A successful query: `value` holds the response bytes (an empty message is "", not null). */
export function valueResponse(value: Uint8Array, height: bigint, codespace = ''): AbciQueryResponse {
  return responseQuery({ value, height, codespace });
}

const proofOpJson = (op: ProofOp): ProofOpJson => ({
  type: op.type,
  key: encodeBase64(op.key),
  data: encodeBase64(op.data),
});

/** A store read (iavl Query "/key"): the key echoed, the value (null when absent) and the proof when asked. */
export function proofResponse(fields: {
  key: Uint8Array;
  value: Uint8Array | null;
  height: bigint;
  ops: readonly ProofOp[] | null;
}): AbciQueryResponse {
  return responseQuery({ ...fields, value: fields.value ?? undefined });
}

/** `sdkerrors.QueryResult(err)`: code, codespace and log of the registered root; height only when set after. */
export function errorResponse(error: SdkError, height = 0n): AbciQueryResponse {
  return responseQuery({
    code: error.root.code,
    codespace: error.root.codespace,
    log: error.message,
    height,
  });
}

/** The empty `abci.ResponseQuery{}` (what the p2p filters answer when none is set). */
export function emptyResponse(): AbciQueryResponse {
  return responseQuery({});
}
