// Request bytes checked the way gogoproto's generated `Unmarshal` reads a flat message (ethermint
// x/evm/types/query.pb.go, cosmos-sdk x/auth/types/query.pb.go), so malformed bytes fail with Go's texts.
import { GoError } from './query-errors';

/** The scalar fields of a request: proto field number → Go field name and wire type (0 varint, 2 bytes). */
export interface GogoMessage {
  /** The Go type name, e.g. `QueryBalanceRequest`. */
  readonly name: string;
  readonly fields: Readonly<Record<number, { readonly goName: string; readonly wireType: 0 | 2 }>>;
}

const ERR_UNEXPECTED_EOF = 'unexpected EOF'; // io.ErrUnexpectedEOF
const ERR_INVALID_LENGTH = 'proto: negative length found during unmarshaling';
const ERR_INT_OVERFLOW = 'proto: integer overflow';
const ERR_END_OF_GROUP = 'proto: unexpected end of group';
const INT64_MAX = (1n << 63n) - 1n;

class Reader {
  constructor(
    readonly bytes: Uint8Array,
    public pos: bigint,
  ) {}

  get length(): bigint {
    return BigInt(this.bytes.length);
  }

  /** A varint as Go accumulates it: at most 10 bytes, bits past 64 dropped. */
  varint(): bigint {
    let value = 0n;
    for (let shift = 0n; ; shift += 7n) {
      if (shift >= 64n) throw new GoError(ERR_INT_OVERFLOW);
      if (this.pos >= this.length) throw new GoError(ERR_UNEXPECTED_EOF);
      const byte = this.bytes[Number(this.pos)] ?? 0;
      this.pos += 1n;
      value |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return BigInt.asUintN(64, value);
    }
  }

  /** A length prefix as Go's `int`: negative when the varint's top bit is set. */
  length64(): bigint {
    const length = BigInt.asIntN(64, this.varint());
    if (length < 0n) throw new GoError(ERR_INVALID_LENGTH);
    return length;
  }

  /** Moves past `length` bytes; an int64 overflow is Go's "negative length". */
  advance(length: bigint): void {
    this.pos += length;
    if (this.pos > INT64_MAX) throw new GoError(ERR_INVALID_LENGTH);
  }
}

/** skipQuery: the end of the unknown field that starts at `reader.pos` (may lie past the end). */
function skipField(reader: Reader): bigint {
  let depth = 0;
  while (reader.pos < reader.length) {
    const wireType = Number(reader.varint() & 7n);
    switch (wireType) {
      case 0:
        for (let shift = 0n; ; shift += 7n) {
          if (shift >= 64n) throw new GoError(ERR_INT_OVERFLOW);
          if (reader.pos >= reader.length) throw new GoError(ERR_UNEXPECTED_EOF);
          const byte = reader.bytes[Number(reader.pos)] ?? 0;
          reader.pos += 1n;
          if (byte < 0x80) break;
        }
        break;
      case 1:
        reader.advance(8n);
        break;
      case 2:
        reader.advance(reader.length64());
        break;
      case 3:
        depth += 1;
        break;
      case 4:
        if (depth === 0) throw new GoError(ERR_END_OF_GROUP);
        depth -= 1;
        break;
      case 5:
        reader.advance(4n);
        break;
      default:
        throw new GoError(`proto: illegal wireType ${wireType}`);
    }
    if (depth === 0) return reader.pos;
  }
  throw new GoError(ERR_UNEXPECTED_EOF);
}

/** Throws the GoError gogoproto's `Unmarshal` of `message` returns for `bytes`; returns when they decode. */
export function checkGogoUnmarshal(bytes: Uint8Array, message: GogoMessage): void {
  const reader = new Reader(bytes, 0n);
  while (reader.pos < reader.length) {
    const start = reader.pos;
    const wire = reader.varint();
    const fieldNum = BigInt.asIntN(32, wire >> 3n);
    const wireType = Number(wire & 7n);
    if (wireType === 4) throw new GoError(`proto: ${message.name}: wiretype end group for non-group`);
    if (fieldNum <= 0n) {
      throw new GoError(`proto: ${message.name}: illegal tag ${fieldNum} (wire type ${wire})`);
    }
    const field = message.fields[Number(fieldNum)];
    if (field === undefined) {
      reader.pos = start;
      const end = skipField(reader);
      if (end > reader.length) throw new GoError(ERR_UNEXPECTED_EOF);
      reader.pos = end;
      continue;
    }
    if (wireType !== field.wireType) {
      throw new GoError(`proto: wrong wireType = ${wireType} for field ${field.goName}`);
    }
    if (field.wireType === 0) {
      reader.varint();
    } else {
      const length = reader.length64();
      reader.advance(length);
      if (reader.pos > reader.length) throw new GoError(ERR_UNEXPECTED_EOF);
    }
  }
}
