import fc from 'fast-check';
import {
  BLOCK_TAGS,
  decodeBlockNumberOrTag,
  decodeBlockParam,
  encodeBlockParam,
  type BlockNumberOrTag,
  type BlockParam,
} from './block-param';
import { CodecError } from './codec-error';

const HASH = `0x${'12'.repeat(32)}`;

const numberOrTag: fc.Arbitrary<BlockNumberOrTag> = fc.oneof(
  fc.constantFrom(...BLOCK_TAGS).map((tag) => ({ kind: 'tag' as const, tag })),
  fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }).map((number) => ({ kind: 'number' as const, number })),
);
const blockParam: fc.Arbitrary<BlockParam> = fc.oneof(
  numberOrTag,
  fc.record({
    kind: fc.constant('hash' as const),
    hash: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => `0x${Buffer.from(b).toString('hex')}`),
    requireCanonical: fc.boolean(),
  }),
);

describe(decodeBlockNumberOrTag.name, () => {
  it('default', () => {
    expect(decodeBlockNumberOrTag('latest')).toEqual({ kind: 'tag', tag: 'latest' });
    expect(decodeBlockNumberOrTag('0x10')).toEqual({ kind: 'number', number: 16n });
  });

  it.each([
    ['Latest', 'hex string without 0x prefix'],
    ['0x01', 'hex number with leading zero digits'],
    [`0x${'f'.repeat(16)}`, 'block number larger than int64'],
    [`0x1${'0'.repeat(16)}`, 'hex number > 64 bits'],
    [HASH, 'hex number > 64 bits'],
    [16, 'json: cannot unmarshal number into Go value of type rpc.BlockNumber'],
    [{ blockNumber: '0x1' }, 'json: cannot unmarshal object into Go value of type rpc.BlockNumber'],
  ])('error: %p', (input, message) => {
    expect(() => decodeBlockNumberOrTag(input)).toThrow(new CodecError(message));
  });
});

describe(decodeBlockParam.name, () => {
  it('default', () => {
    expect(decodeBlockParam('pending')).toEqual({ kind: 'tag', tag: 'pending' });
    expect(decodeBlockParam('0x0')).toEqual({ kind: 'number', number: 0n });
  });

  it('args: a bare hash', () => {
    expect(decodeBlockParam(HASH.toUpperCase().replace('0X', '0x'))).toEqual({
      kind: 'hash',
      hash: HASH,
      requireCanonical: false,
    });
  });

  it('args: EIP-1898 objects', () => {
    expect(decodeBlockParam({ blockHash: HASH })).toEqual({
      kind: 'hash',
      hash: HASH,
      requireCanonical: false,
    });
    expect(decodeBlockParam({ blockHash: HASH, requireCanonical: true })).toEqual({
      kind: 'hash',
      hash: HASH,
      requireCanonical: true,
    });
    expect(decodeBlockParam({ blockNumber: '0x5' })).toEqual({ kind: 'number', number: 5n });
    expect(decodeBlockParam({ blockNumber: 'safe' })).toEqual({ kind: 'tag', tag: 'safe' });
    expect(decodeBlockParam({ blockHash: null, blockNumber: '0x5' })).toEqual({ kind: 'number', number: 5n });
  });

  it.each([
    [
      { blockHash: HASH, blockNumber: '0x1' },
      'cannot specify both BlockHash and BlockNumber, choose one or the other',
    ],
    [{}, 'at least one of BlockNumber or BlockHash is needed if a dictionary is provided'],
    [{ blockhash: HASH }, 'json: unknown field "blockhash"'],
    [{ blockHash: '0x12' }, 'blockHash: hex string has length 2, want 64 for common.Hash'],
    [{ blockNumber: '0x01' }, 'blockNumber: hex number with leading zero digits'],
    [
      { blockHash: HASH, requireCanonical: 'yes' },
      'requireCanonical: json: cannot unmarshal string into Go value of type bool',
    ],
    [[], 'json: cannot unmarshal array into Go value of type rpc.BlockNumberOrHash'],
    [null, 'json: cannot unmarshal null into Go value of type rpc.BlockNumberOrHash'],
    [`0x${'g'.repeat(64)}`, 'invalid hex string'],
  ])('error: %p', (input, message) => {
    expect(() => decodeBlockParam(input)).toThrow(new CodecError(message));
  });

  it('behavior: round trip', () => {
    fc.assert(
      fc.property(blockParam, (param) => {
        expect(decodeBlockParam(encodeBlockParam(param))).toEqual(param);
      }),
    );
    fc.assert(
      fc.property(numberOrTag, (param) => {
        expect(decodeBlockNumberOrTag(encodeBlockParam(param))).toEqual(param);
      }),
    );
  });

  it('behavior: arbitrary input decodes or throws CodecError', () => {
    const eip1898ish = fc.dictionary(
      fc.constantFrom('blockHash', 'blockNumber', 'requireCanonical', 'other'),
      fc.oneof(fc.anything(), fc.constantFrom(HASH, '0x1', 'latest', true)),
    );
    fc.assert(
      fc.property(fc.oneof(fc.anything(), eip1898ish), (input) => {
        for (const decode of [decodeBlockParam, decodeBlockNumberOrTag]) {
          try {
            decode(input);
          } catch (error) {
            expect(error).toBeInstanceOf(CodecError);
          }
        }
      }),
    );
  });
});
