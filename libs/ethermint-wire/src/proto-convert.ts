// Maps between this library's TS shapes (camelCase keys, bigint for 64-bit integers, Uint8Array for bytes)
// and protobufjs's reflected messages, driven by the loaded .proto so one converter serves every message.
import { EthermintWireError } from './errors';
import { type Field, type Type, util } from 'protobufjs';

type Plain = Record<string, unknown>;

const UINT64_MAX = 2n ** 64n - 1n;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Each field's TS key, worked out once: every message encoded or decoded asks for all of its fields'. */
const tsKeys = new WeakMap<Field, string>();

/** The TS key of a proto field: protobufjs's own snake_case → camelCase rule. */
export function tsKey(field: Field): string {
  let key = tsKeys.get(field);
  if (key === undefined) {
    key = util.camelCase(field.name);
    tsKeys.set(field, key);
  }
  return key;
}

/**
 * A protobufjs-encodable object for `value`. Scalars at their proto3 default are left out, as Go's
 * encoder does, so encodings match go-ethereum/Cosmos SDK byte for byte; message fields are written when set.
 */
export function toWire(type: Type, value: Plain): Plain {
  const out: Plain = {};
  for (const field of type.fieldsArray) {
    const v = value[tsKey(field)];
    if (v === undefined || v === null) continue;
    // The Ethermint messages declared here have no map fields; refuse rather than mis-encode one.
    if (field.map) throw wrongShape(type, field, 'no map field (unsupported)');
    if (field.repeated) {
      if (!Array.isArray(v)) throw wrongShape(type, field, 'an array');
      if (v.length > 0) out[field.name] = v.map((item: unknown) => elementToWire(type, field, item));
    } else if (messageTypeOf(field) !== undefined || !isDefault(field, v)) {
      out[field.name] = elementToWire(type, field, v);
    }
  }
  return out;
}

/** The TS shape of a decoded protobufjs message: every field present, at its proto3 default when unset. */
export function fromWire(type: Type, message: Plain): Plain {
  const out: Plain = {};
  for (const field of type.fieldsArray) {
    const v = message[field.name];
    if (field.repeated) {
      out[tsKey(field)] = Array.isArray(v) ? v.map((item: unknown) => elementFromWire(field, item)) : [];
    } else {
      out[tsKey(field)] = elementFromWire(field, v);
    }
  }
  return out;
}

function messageTypeOf(field: Field): Type | undefined {
  const resolved = field.resolve().resolvedType;
  // An Enum has `values`; a message Type has `fieldsArray`. This library declares no enums.
  return resolved !== null && 'fieldsArray' in resolved ? resolved : undefined;
}

function isDefault(field: Field, v: unknown): boolean {
  if (field.long) return v === 0n || v === 0;
  if (field.type === 'bytes') return v instanceof Uint8Array && v.length === 0;
  return v === '' || v === false || v === 0;
}

function elementToWire(type: Type, field: Field, v: unknown): unknown {
  const nested = messageTypeOf(field);
  if (nested !== undefined) {
    if (typeof v !== 'object' || v === null) throw wrongShape(type, field, 'an object');
    return toWire(nested, v as Plain);
  }
  if (field.long) return longToWire(type, field, v);
  if (field.type === 'bytes') {
    if (!(v instanceof Uint8Array)) throw wrongShape(type, field, 'a Uint8Array');
    return v;
  }
  return v;
}

function longToWire(type: Type, field: Field, v: unknown): number | string {
  if (typeof v !== 'bigint') throw wrongShape(type, field, 'a bigint');
  const unsigned = field.type === 'uint64' || field.type === 'fixed64';
  const [min, max] = unsigned ? [0n, UINT64_MAX] : [INT64_MIN, INT64_MAX];
  if (v < min || v > max) {
    throw new EthermintWireError(
      'invalid-argument',
      `${type.name}.${field.name}: ${v} is out of ${field.type} range`,
    );
  }
  // A bigint protobufjs would silently write as 0. It takes a safe integer as it is and parses a decimal
  // string into its Long, exactly but 20 times slower (most values, heights and gas, are safe integers).
  return v >= -MAX_SAFE && v <= MAX_SAFE ? Number(v) : v.toString();
}

function elementFromWire(field: Field, v: unknown): unknown {
  const nested = messageTypeOf(field);
  if (nested !== undefined) {
    return v === null || v === undefined ? undefined : fromWire(nested, v as Plain);
  }
  if (field.long) return longFromWire(v);
  if (field.type === 'bytes') {
    // Copy: protobufjs may hand out Buffers or views into the input.
    return v instanceof Uint8Array || Array.isArray(v) ? new Uint8Array(v) : new Uint8Array();
  }
  if (v !== null && v !== undefined) return v;
  if (field.type === 'string') return '';
  if (field.type === 'bool') return false;
  return 0;
}

function longFromWire(v: unknown): bigint {
  if (v === null || v === undefined) return 0n;
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'bigint') return BigInt(v);
  // protobufjs's Long, signed or unsigned as declared: its two 32-bit halves, without a decimal string.
  const { low, high, unsigned } = v as ProtobufLong;
  const bits = (BigInt(high >>> 0) << 32n) | BigInt(low >>> 0);
  return unsigned ? bits : BigInt.asIntN(64, bits);
}

/** The fields of protobufjs's Long that give its value. */
interface ProtobufLong {
  readonly low: number;
  readonly high: number;
  readonly unsigned: boolean;
}

function wrongShape(type: Type, field: Field, expected: string): EthermintWireError {
  return new EthermintWireError('invalid-argument', `${type.name}.${field.name}: expected ${expected}`);
}
