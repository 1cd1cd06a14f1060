// Typed reads of a node's JSON answer. Each read names the path it looked at, so a malformed answer fails
// with an EngineResponseError saying where, never with a TypeError deep inside a caller.
import { EngineResponseError } from '../errors';

export type JsonObject = Readonly<Record<string, unknown>>;

/** A value and the path it sits at, e.g. `block.header.height`. */
export class JsonNode {
  constructor(
    readonly value: unknown,
    readonly path: string,
  ) {}

  fail(detail: string): never {
    throw new EngineResponseError(this.path, detail);
  }

  /** The member `key` (which may be missing: its value is then undefined). */
  get(key: string): JsonNode {
    const object = this.object();
    return new JsonNode(Object.hasOwn(object, key) ? object[key] : undefined, `${this.path}.${key}`);
  }

  isAbsent(): boolean {
    return this.value === undefined || this.value === null;
  }

  object(): JsonObject {
    if (typeof this.value !== 'object' || this.value === null || Array.isArray(this.value)) {
      this.fail(`expected an object, got ${describe(this.value)}`);
    }
    return this.value as JsonObject;
  }

  /** The elements of an array; null or absent count as empty (Go writes nil slices as null). */
  array(): JsonNode[] {
    if (this.isAbsent()) return [];
    if (!Array.isArray(this.value)) this.fail(`expected an array, got ${describe(this.value)}`);
    return (this.value as unknown[]).map((item, i) => new JsonNode(item, `${this.path}[${i}]`));
  }

  string(): string {
    if (typeof this.value !== 'string') this.fail(`expected a string, got ${describe(this.value)}`);
    return this.value;
  }

  /** A string that may be absent or null (Go's omitempty / nil): '' then. */
  optionalString(): string {
    return this.isAbsent() ? '' : this.string();
  }

  boolean(): boolean {
    if (typeof this.value !== 'boolean') this.fail(`expected a boolean, got ${describe(this.value)}`);
    return this.value;
  }

  /** int64/uint64 (a decimal string); a JSON number is accepted too, as older nodes wrote some. */
  int64(): bigint {
    if (typeof this.value === 'number' && Number.isSafeInteger(this.value)) return BigInt(this.value);
    const text = this.string();
    if (!/^-?[0-9]+$/.test(text)) this.fail(`expected a decimal integer, got ${JSON.stringify(text)}`);
    return BigInt(text);
  }

  /** int32 (a JSON number); a decimal string is accepted too. */
  int32(): number {
    if (typeof this.value === 'string' && /^-?[0-9]+$/.test(this.value)) return Number(this.value);
    if (typeof this.value !== 'number' || !Number.isSafeInteger(this.value)) {
      this.fail(`expected an integer, got ${describe(this.value)}`);
    }
    return this.value;
  }

  /** `[]byte`: standard base64; absent, null and '' are empty bytes. */
  base64(): Uint8Array {
    if (this.isAbsent()) return new Uint8Array();
    const text = this.string();
    if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) this.fail('expected base64');
    return Uint8Array.from(Buffer.from(text, 'base64'));
  }

  /** HexBytes (hashes, addresses): hex in either case without 0x, as 0x lowercase; '' stays '0x'. */
  hex(): `0x${string}` {
    const text = this.optionalString();
    if (!/^(?:[0-9a-fA-F]{2})*$/.test(text)) this.fail(`expected hex, got ${JSON.stringify(text)}`);
    return `0x${text.toLowerCase()}`;
  }
}

/** The root of an answer, e.g. `new JsonNode(result, 'block')`. */
export const jsonRoot = (value: unknown, method: string): JsonNode => new JsonNode(value, method);

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'string' ? `string ${JSON.stringify(value.slice(0, 40))}` : typeof value;
}
