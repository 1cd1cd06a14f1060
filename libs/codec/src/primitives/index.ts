// The wire codecs: JSON values in, typed values out (and back), failing only with CodecError.
export { CodecError, inEntry, inField, isJsonObject, jsonKind } from './codec-error';
export { decodeQuantity, encodeQuantity, type QuantityOptions } from './quantity';
export { decodeData, decodeFixedHex, encodeData, type DataOptions } from './data';
export { ADDRESS_BYTES, decodeAddress, encodeAddress } from './address';
export { HASH_BYTES, decodeHash32, encodeHash32 } from './hash';
export {
  BLOCK_TAGS,
  decodeBlockNumberOrTag,
  decodeBlockParam,
  encodeBlockParam,
  isBlockTag,
  type BlockHashSelector,
  type BlockNumberOrTag,
  type BlockParam,
  type BlockTag,
} from './block-param';
export { decodeBool, decodeString, decodeUint64Number } from './json-scalars';
export { decodeHexOrDecimal64 } from './hex-or-decimal';
export { decodeByte } from './byte';
export { decodeProofStorageKey, decodeStorageKey, type ProofStorageKey } from './storage-key';
export { decodeRpcId, newRpcId } from './rpc-id';
export { decodeList, type ListOptions } from './list';
export { MAX_FILTER_ADDRESSES, decodeFilterAddress } from './filter-address';
export {
  MAX_TOPICS_PER_POSITION,
  MAX_TOPIC_POSITIONS,
  decodeFilterTopics,
  type FilterTopics,
} from './filter-topics';
export {
  ADDRESS_TEXT_BYTES,
  TOPIC_TEXT_BYTES,
  type FilterCriteriaParts,
  filterCriteriaBytes,
} from './filter-criteria-bytes';
