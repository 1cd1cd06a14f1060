// EthCallRequest.overrides: the JSON of Ethermint's rpc/types.StateOverride (map[common.Address]OverrideAccount)
// decoded the way Go's encoding/json and go-ethereum's hexutil decode it, with their error texts.
import type { AccountOverride, Hex, StateOverride } from '../evm';
import { FieldError, fixedHex, hexBytes, hexNumber, type Json, jsonKind } from './go-hex-fields';
import { goJsonSyntaxError } from './go-json';
import { GoError } from './query-errors';

type JsonObject = { [key: string]: Json };

const isObject = (value: Json): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A map key through its UnmarshalText (hexutil.UnmarshalFixedText): Go returns that error as is, with the
 * short type name ("Address", "Hash").
 */
function textKey(key: string, typeName: 'Address' | 'Hash', size: number): Hex {
  try {
    return fixedHex(key, typeName, size);
  } catch (error) {
    if (!(error instanceof FieldError)) throw error;
    throw new GoError(error.typeError?.value ?? error.message);
  }
}

/** A field's failure as Go words it for a field of OverrideAccount. */
function fieldMessage(error: FieldError, field: string): string {
  if (error.typeError === undefined) return error.message;
  const { value, type } = error.typeError;
  return `json: cannot unmarshal ${value} into Go struct field OverrideAccount.${field} of type ${type}`;
}

/** map[common.Hash]common.Hash: slot → value. */
function storageMap(value: Json, field: string): Map<Hex, Hex> {
  if (!isObject(value)) {
    throw new GoError(
      fieldMessage(
        new FieldError('', { value: jsonKind(value), type: 'map[common.Hash]common.Hash' }),
        field,
      ),
    );
  }
  const slots = new Map<Hex, Hex>();
  for (const [key, item] of Object.entries(value)) {
    const slot = textKey(key, 'Hash', 32);
    try {
      slots.set(slot, fixedHex(item, 'common.Hash', 32));
    } catch (error) {
      if (!(error instanceof FieldError)) throw error;
      throw new GoError(fieldMessage(error, field));
    }
  }
  return slots;
}

const FIELDS = ['nonce', 'code', 'balance', 'state', 'stateDiff'] as const;
type FieldName = (typeof FIELDS)[number];

/** Go matches a key to a field exactly, else case-insensitively; unknown keys are skipped. */
function fieldFor(key: string): FieldName | undefined {
  const exact = FIELDS.find((name) => name === key);
  return exact ?? FIELDS.find((name) => name.toLowerCase() === key.toLowerCase());
}

function setField(account: AccountOverride, field: FieldName, value: Json): void {
  try {
    if (field === 'nonce') account.nonce = hexNumber(value, 'hexutil.Uint64', 64);
    else if (field === 'code') account.code = hexBytes(value);
    else if (field === 'balance') account.balance = hexNumber(value, '*hexutil.Big', 256);
    else account[field] = storageMap(value, field);
  } catch (error) {
    if (error instanceof FieldError) throw new GoError(fieldMessage(error, field));
    throw error;
  }
}

function accountOverride(value: Json): AccountOverride {
  const account: AccountOverride = {};
  if (value === null) return account;
  if (!isObject(value)) {
    throw new GoError(
      `json: cannot unmarshal ${jsonKind(value)} into Go value of type types.OverrideAccount`,
    );
  }
  for (const [key, item] of Object.entries(value)) {
    const field = fieldFor(key);
    // null leaves a pointer field nil.
    if (field !== undefined && item !== null) setField(account, field, item);
  }
  return account;
}

/**
 * `json.Unmarshal(overrides, &StateOverride{})`: empty bytes and `null` are no overrides; a failure is a
 * GoError with Go's text (the handler makes it an InvalidArgument status, as EthCall does).
 */
export function parseStateOverride(json: Uint8Array): StateOverride | undefined {
  if (json.length === 0) return undefined;
  const syntax = goJsonSyntaxError(json);
  if (syntax !== undefined) throw new GoError(syntax);
  const root = JSON.parse(Buffer.from(json).toString('utf8')) as Json;
  if (root === null) return undefined;
  if (!isObject(root)) {
    throw new GoError(`json: cannot unmarshal ${jsonKind(root)} into Go value of type types.StateOverride`);
  }
  const overrides = new Map<Hex, AccountOverride>();
  for (const [key, value] of Object.entries(root)) {
    overrides.set(textKey(key, 'Address', 20), accountOverride(value));
  }
  return overrides;
}
