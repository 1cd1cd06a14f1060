// The property decorators DTOs are built from: each runs one wire codec, so a validation message
// is the codec's geth-worded reason and the property ends up holding the decoded value.
import {
  decodeAddress,
  decodeBlockNumberOrTag,
  decodeBlockParam,
  decodeBool,
  decodeByte,
  decodeData,
  decodeFilterAddress,
  decodeFilterTopics,
  decodeHash32,
  decodeHexOrDecimal64,
  decodeList,
  decodeQuantity,
  decodeRpcId,
  decodeStorageKey,
  decodeString,
  decodeUint64Number,
  type DataOptions,
  type ListOptions,
  type QuantityOptions,
} from '../primitives';
import { CodecField, type FieldCodec } from './codec-field';
import { decodeObject } from './decode-object';

/** QUANTITY → bigint; 64 bits unless `bits` says otherwise (256 for wei amounts). */
export const IsQuantity = (options: QuantityOptions = {}): PropertyDecorator =>
  CodecField('isQuantity', (value) => decodeQuantity(value, options));

/** DATA → Uint8Array. */
export const IsData = (options: DataOptions = {}): PropertyDecorator =>
  CodecField('isData', (value) => decodeData(value, options));

/** ADDRESS → lowercase 0x-hex. */
export const IsAddress = (): PropertyDecorator => CodecField('isAddress', (value) => decodeAddress(value));

/** 32-byte hash → lowercase 0x-hex. */
export const IsHash32 = (): PropertyDecorator => CodecField('isHash32', (value) => decodeHash32(value));

/** A tag or a block number → BlockNumberOrTag. */
export const IsBlockNumberOrTag = (): PropertyDecorator =>
  CodecField('isBlockNumberOrTag', (value) => decodeBlockNumberOrTag(value));

/** A tag, number, hash or EIP-1898 object → BlockParam. */
export const IsBlockParam = (): PropertyDecorator =>
  CodecField('isBlockParam', (value) => decodeBlockParam(value));

export const IsBool = (): PropertyDecorator => CodecField('isBool', (value) => decodeBool(value));

export const IsString = (): PropertyDecorator => CodecField('isString', (value) => decodeString(value));

/** A JSON number holding a uint64 → bigint. */
export const IsUint64Number = (): PropertyDecorator =>
  CodecField('isUint64Number', (value) => decodeUint64Number(value));

/** A uint64 as JSON number, decimal or hex string → bigint. */
export const IsHexOrDecimal64 = (): PropertyDecorator =>
  CodecField('isHexOrDecimal64', (value) => decodeHexOrDecimal64(value));

/** One or two hex digits → number. */
export const IsByte = (): PropertyDecorator => CodecField('isByte', (value) => decodeByte(value));

/** A storage slot of up to 32 bytes → 32-byte lowercase 0x-hex. */
export const IsStorageKey = (): PropertyDecorator =>
  CodecField('isStorageKey', (value) => decodeStorageKey(value));

/** A filter or subscription id → lowercase quantity text. */
export const IsRpcId = (): PropertyDecorator => CodecField('isRpcId', (value) => decodeRpcId(value));

/** A log filter's address or address list → string[]. */
export const IsFilterAddress = (): PropertyDecorator =>
  CodecField('isFilterAddress', (value) => decodeFilterAddress(value));

/** A log filter's topics → (string[] | null)[]. */
export const IsFilterTopics = (): PropertyDecorator =>
  CodecField('isFilterTopics', (value) => decodeFilterTopics(value));

/** A JSON array whose items go through `decodeItem`. */
export const IsListOf = (decodeItem: (item: unknown) => unknown, options: ListOptions): PropertyDecorator =>
  CodecField('isListOf', (value) => decodeList(value, decodeItem, options));

/** A JSON object decoded into the DTO class `dto()` (a thunk, so classes may be declared later). */
export const IsNested = (dto: () => new () => object, goType: string): PropertyDecorator =>
  CodecField('isNested', (value) => decodeObject(dto(), value, goType));

/** A JSON array of objects, each decoded into the DTO class `dto()`. */
export const IsNestedList = (
  dto: () => new () => object,
  goType: string,
  options: ListOptions,
): PropertyDecorator =>
  CodecField('isNestedList', (value) =>
    decodeList(value, (item) => decodeObject(dto(), item, goType), options),
  );

/** Any other codec, for method-specific values (a subscription kind, reward percentiles). */
export const IsDecodedBy = (name: string, codec: FieldCodec): PropertyDecorator => CodecField(name, codec);
