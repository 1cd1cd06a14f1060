// A typed encode/decode pair per message, in the same shape as cosmjs-types' codecs (`X.encode`, `X.decode`,
// `X.typeUrl`), built from the reflected .proto instead of generated code.
import { type Any } from 'cosmjs-types/google/protobuf/any';
import { lookupMessageType } from './proto-root';
import { fromWire, toWire } from './proto-convert';
import { wireGuard } from './errors';
import { type Type } from 'protobufjs';

export interface ProtoCodec<T> {
  /** `/` + the message's full name, as used in `google.protobuf.Any`. */
  readonly typeUrl: string;
  /** Canonical proto3 bytes (defaults omitted), as Go's encoder writes them. */
  encode(message: T): Uint8Array;
  /** Throws EthermintWireError('malformed-protobuf') on bytes that are not this message. */
  decode(bytes: Uint8Array): T;
  /** Every field at its proto3 default, then `partial` on top. */
  fromPartial(partial: Partial<T>): T;
  /** The message packed as `google.protobuf.Any`. */
  toAny(message: T): Any;
}

/**
 * The codec of the message `fullName`. `T` must mirror the .proto declaration (camelCase keys, bigint for
 * 64-bit integers, Uint8Array for bytes, optional for message fields); the round-trip specs hold them together.
 */
export function protoCodec<T extends object>(fullName: string): ProtoCodec<T> {
  let type: Type | undefined;
  const reflect = (): Type => (type ??= lookupMessageType(fullName));
  const typeUrl = `/${fullName}`;

  const encode = (message: T): Uint8Array => {
    const t = reflect();
    return t.encode(toWire(t, message as Record<string, unknown>)).finish();
  };
  const decode = (bytes: Uint8Array): T =>
    wireGuard('malformed-protobuf', fullName, () => {
      const t = reflect();
      return fromWire(t, t.decode(bytes)) as T;
    });

  return {
    typeUrl,
    encode,
    decode,
    fromPartial: (partial) => ({ ...decode(new Uint8Array()), ...partial }),
    toAny: (message) => ({ typeUrl, value: encode(message) }),
  };
}
