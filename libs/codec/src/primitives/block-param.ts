// Block selectors: a tag or a number (`BlockNumberOrTag`), and additionally a block hash or an
// EIP-1898 object (`BlockParam`), read as geth's rpc.BlockNumber and rpc.BlockNumberOrHash are.
import { CodecError, inField, isJsonObject } from './codec-error';
import { decodeHash32 } from './hash';
import { decodeQuantity, encodeQuantity } from './quantity';

export const BLOCK_TAGS = ['earliest', 'latest', 'pending', 'safe', 'finalized'] as const;
export type BlockTag = (typeof BLOCK_TAGS)[number];

export type BlockParam =
  | { readonly kind: 'tag'; readonly tag: BlockTag }
  | { readonly kind: 'number'; readonly number: bigint }
  | { readonly kind: 'hash'; readonly hash: string; readonly requireCanonical: boolean };

export type BlockNumberOrTag = Extract<BlockParam, { kind: 'tag' | 'number' }>;

/** The wire form of an EIP-1898 block-hash selector. */
export interface BlockHashSelector {
  readonly blockHash: string;
  readonly requireCanonical: boolean;
}

// geth keeps block numbers in an int64 whose negative values are the tags.
const MAX_BLOCK_NUMBER = 2n ** 63n - 1n;
const HASH_TEXT_LENGTH = 2 + 64;
const EIP1898_KEYS: ReadonlySet<string> = new Set(['blockHash', 'blockNumber', 'requireCanonical']);

export function isBlockTag(value: unknown): value is BlockTag {
  return typeof value === 'string' && (BLOCK_TAGS as readonly string[]).includes(value);
}

export function decodeBlockNumberOrTag(input: unknown): BlockNumberOrTag {
  if (typeof input !== 'string') throw CodecError.wrongKind(input, 'rpc.BlockNumber');
  if (isBlockTag(input)) return { kind: 'tag', tag: input };
  const number = decodeQuantity(input, { bits: 64 });
  if (number > MAX_BLOCK_NUMBER) throw new CodecError('block number larger than int64');
  return { kind: 'number', number };
}

export function decodeBlockParam(input: unknown): BlockParam {
  if (isJsonObject(input)) return decodeEip1898(input);
  if (typeof input !== 'string') throw CodecError.wrongKind(input, 'rpc.BlockNumberOrHash');
  // A bare 32-byte hash is accepted as geth does (and as the spec's BlockNumberOrTagOrHash allows).
  if (input.length === HASH_TEXT_LENGTH)
    return { kind: 'hash', hash: decodeHash32(input), requireCanonical: false };
  return decodeBlockNumberOrTag(input);
}

function decodeEip1898(input: Record<string, unknown>): BlockParam {
  // geth ignores unknown keys; Photon rejects them so a misspelt `blockhash` cannot mean `latest`.
  for (const key of Object.keys(input)) {
    if (!EIP1898_KEYS.has(key)) throw new CodecError(`json: unknown field ${JSON.stringify(key)}`);
  }
  const { blockHash, blockNumber, requireCanonical } = input;
  const hasHash = blockHash !== undefined && blockHash !== null;
  const hasNumber = blockNumber !== undefined && blockNumber !== null;
  if (hasHash && hasNumber) {
    throw new CodecError('cannot specify both BlockHash and BlockNumber, choose one or the other');
  }
  if (!hasHash && !hasNumber) {
    throw new CodecError('at least one of BlockNumber or BlockHash is needed if a dictionary is provided');
  }
  if (requireCanonical !== undefined && requireCanonical !== null && typeof requireCanonical !== 'boolean') {
    throw CodecError.wrongKind(requireCanonical, 'bool').atField('requireCanonical');
  }
  if (hasNumber) return inField('blockNumber', () => decodeBlockNumberOrTag(blockNumber));
  const hash = inField('blockHash', () => decodeHash32(blockHash));
  return { kind: 'hash', hash, requireCanonical: requireCanonical === true };
}

export function encodeBlockParam(param: BlockNumberOrTag): string;
export function encodeBlockParam(param: BlockParam): string | BlockHashSelector;
export function encodeBlockParam(param: BlockParam): string | BlockHashSelector {
  switch (param.kind) {
    case 'tag':
      return param.tag;
    case 'number':
      return encodeQuantity(param.number);
    case 'hash':
      return { blockHash: param.hash, requireCanonical: param.requireCanonical };
  }
}
