// The classes of invalid params the conformance run sends each method, made from its first valid set
// and the wire types of its method-table row: a JSON value of the wrong type, required params left out,
// one param too many, malformed hex, and a value out of its range (beyond 64 bits, a byte too long).
import type { ParamSpec, WireType } from '@photon/types';

export const INVALID_CLASSES = [
  'wrong type',
  'missing required',
  'extra',
  'malformed hex',
  'out of range',
] as const;
export type InvalidClass = (typeof INVALID_CLASSES)[number];

const BAD_HEX = '0xzz';
/** 2^64: one past the largest uint64 (block numbers, indexes, gas). */
const BEYOND_64_BITS = `0x1${'0'.repeat(16)}`;

const STRINGS: ReadonlySet<WireType> = new Set([
  'QUANTITY',
  'DATA',
  'ADDRESS',
  'HASH32',
  'STORAGE_SLOT',
  'BLOCK_TAG_OR_NUMBER',
  'BLOCK_ID',
  'FILTER_ID',
]);
const OBJECTS: ReadonlySet<WireType> = new Set([
  'TRANSACTION_CALL',
  'TRANSACTION_SEND',
  'FILTER',
  'STORAGE_REQUESTS',
]);

function wrongType(type: WireType): unknown {
  if (STRINGS.has(type)) return true;
  if (type === 'BOOLEAN') return 'true';
  if (OBJECTS.has(type)) return '0x1';
  if (type === 'REWARD_PERCENTILES' || type === 'STORAGE_SLOT_LIST') return '25';
  return undefined;
}

function malformedHex(type: WireType, valid: unknown): unknown {
  if (STRINGS.has(type)) return BAD_HEX;
  if (type === 'TRANSACTION_CALL' || type === 'TRANSACTION_SEND')
    return { ...(valid as object), to: BAD_HEX };
  if (type === 'FILTER') return { address: BAD_HEX };
  if (type === 'STORAGE_REQUESTS') return { [BAD_HEX]: ['0x0'] };
  return undefined;
}

function outOfRange(type: WireType, valid: unknown): unknown {
  if (type === 'QUANTITY' || type === 'BLOCK_TAG_OR_NUMBER' || type === 'BLOCK_ID') return BEYOND_64_BITS;
  if (type === 'ADDRESS') return `0x${'11'.repeat(21)}`;
  if (type === 'HASH32') return `0x${'ab'.repeat(33)}`;
  if (type === 'STORAGE_SLOT') return `0x${'01'.repeat(33)}`;
  if (type === 'REWARD_PERCENTILES') return [101];
  if (type === 'TRANSACTION_CALL' || type === 'TRANSACTION_SEND')
    return { ...(valid as object), gas: BEYOND_64_BITS };
  if (type === 'FILTER') return { fromBlock: BEYOND_64_BITS };
  return undefined;
}

/** `valid` with its first param that `mutate` knows how to spoil, spoiled; undefined if none. */
function spoilFirst(
  specs: readonly ParamSpec[],
  valid: readonly unknown[],
  mutate: (type: WireType, value: unknown) => unknown,
): unknown[] | undefined {
  for (const [index, spec] of specs.entries()) {
    const spoiled = mutate(spec.type, valid[index]);
    if (spoiled !== undefined) return valid.map((value, at) => (at === index ? spoiled : value));
  }
  return undefined;
}

/** The params of each class that applies to a method with `specs`, from its full valid set `valid`. */
export function invalidParams(
  specs: readonly ParamSpec[],
  valid: readonly unknown[],
): Partial<Record<InvalidClass, unknown[]>> {
  const classes: Partial<Record<InvalidClass, unknown[] | undefined>> = {
    'wrong type': spoilFirst(specs, valid, (type) => wrongType(type)),
    'missing required': specs.some((spec) => spec.required) ? [] : undefined,
    extra: [...valid, ...Array<unknown>(Math.max(0, specs.length - valid.length)).fill(null), 'extra'],
    'malformed hex': spoilFirst(specs, valid, malformedHex),
    'out of range': spoilFirst(specs, valid, outOfRange),
  };
  return Object.fromEntries(
    Object.entries(classes).filter((entry): entry is [InvalidClass, unknown[]] => entry[1] !== undefined),
  );
}
