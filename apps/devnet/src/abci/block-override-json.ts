// TraceConfig.block_overrides: the JSON of Ethermint's rpc/types.BlockOverrides (no json tags: Go matches the
// keys to Number, Difficulty, Time, GasLimit, Coinbase, Random, BaseFee case-insensitively and skips the rest)
// decoded as Go's encoding/json and go-ethereum's hexutil decode it, with their error texts.
import type { Hex } from '../evm';
import { FieldError, fixedHex, hexNumber, type Json, jsonKind } from './go-hex-fields';
import { goJsonSyntaxError } from './go-json';
import { GoError } from './query-errors';

/** The block context fields a trace replaces (BlockOverrides.Apply). */
export interface BlockOverride {
  number?: bigint;
  difficulty?: bigint;
  time?: bigint;
  gasLimit?: bigint;
  coinbase?: Hex;
  random?: Hex;
  baseFee?: bigint;
}

const FIELDS = ['Number', 'Difficulty', 'Time', 'GasLimit', 'Coinbase', 'Random', 'BaseFee'] as const;
type FieldName = (typeof FIELDS)[number];

function decodeField(field: FieldName, value: Json): bigint | Hex {
  switch (field) {
    case 'Number':
    case 'Difficulty':
    case 'BaseFee':
      return hexNumber(value, '*hexutil.Big', 256);
    case 'Time':
    case 'GasLimit':
      return hexNumber(value, 'hexutil.Uint64', 64);
    case 'Coinbase':
      return fixedHex(value, 'common.Address', 20);
    case 'Random':
      return fixedHex(value, 'common.Hash', 32);
  }
}

function setField(out: BlockOverride, field: FieldName, value: Json): void {
  let decoded: bigint | Hex;
  try {
    decoded = decodeField(field, value);
  } catch (error) {
    if (!(error instanceof FieldError)) throw error;
    if (error.typeError === undefined) throw new GoError(error.message);
    const { value: kind, type } = error.typeError;
    throw new GoError(
      `json: cannot unmarshal ${kind} into Go struct field BlockOverrides.${field} of type ${type}`,
    );
  }
  if (field === 'Coinbase') out.coinbase = decoded as Hex;
  else if (field === 'Random') out.random = decoded as Hex;
  else if (field === 'Number') out.number = decoded as bigint;
  else if (field === 'Difficulty') out.difficulty = decoded as bigint;
  else if (field === 'Time') out.time = decoded as bigint;
  else if (field === 'GasLimit') out.gasLimit = decoded as bigint;
  else out.baseFee = decoded as bigint;
}

/**
 * `json.Unmarshal(blockOverrides, &BlockOverrides{})`: empty bytes and `null` are none; a failure is a GoError
 * with Go's text (the trace handler makes it an InvalidArgument status, as prepareTrace does).
 */
export function parseBlockOverride(json: Uint8Array): BlockOverride | undefined {
  if (json.length === 0) return undefined;
  const syntax = goJsonSyntaxError(json);
  if (syntax !== undefined) throw new GoError(syntax);
  const root = JSON.parse(Buffer.from(json).toString('utf8')) as Json;
  if (root === null) return undefined;
  if (typeof root !== 'object' || Array.isArray(root)) {
    throw new GoError(`json: cannot unmarshal ${jsonKind(root)} into Go value of type types.BlockOverrides`);
  }
  const out: BlockOverride = {};
  for (const [key, value] of Object.entries(root)) {
    const field = FIELDS.find((name) => name.toLowerCase() === key.toLowerCase());
    // null leaves a pointer field nil.
    if (field !== undefined && value !== null) setField(out, field, value);
  }
  return out;
}
