import {
  cdcEncodeBytes,
  cdcEncodeInt64,
  cdcEncodeString,
  encodeBlockId,
  encodeCommitSig,
  encodeHashedParams,
  encodeTimestamp,
  encodeVersion,
} from './proto';
import { BlockIdFlag, GO_ZERO_TIME } from './types';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

describe(cdcEncodeString.name, () => {
  it('default: StringValue{value = 1}', () => {
    expect(hex(cdcEncodeString('chainId'))).toBe('0a07636861696e4964');
  });

  it('behavior: Go zero values give no bytes (cdcEncode returns nil)', () => {
    expect(cdcEncodeString('')).toEqual(new Uint8Array());
    expect(cdcEncodeInt64(0n)).toEqual(new Uint8Array());
    expect(cdcEncodeBytes(new Uint8Array())).toEqual(new Uint8Array());
  });
});

describe(cdcEncodeInt64.name, () => {
  it('default: Int64Value{value = 1} as a varint', () => {
    expect(hex(cdcEncodeInt64(3n))).toBe('0803');
    expect(hex(cdcEncodeInt64(300n))).toBe('08ac02');
  });

  it('behavior: negative values take ten bytes, as two’s complement varints', () => {
    expect(hex(cdcEncodeInt64(-1n))).toBe('08ffffffffffffffffff01');
  });
});

describe(cdcEncodeBytes.name, () => {
  it('default: BytesValue{value = 1}', () => {
    expect(hex(cdcEncodeBytes(Uint8Array.of(1, 2, 3)))).toBe('0a03010203');
  });
});

// Message vectors from cosmos/cosmjs packages/tendermint-rpc/src/comet38/encodings.spec.ts.
describe(encodeTimestamp.name, () => {
  it('default', () => {
    expect(encodeTimestamp({ seconds: 1464109n, nanos: 200_666_666 })).toEqual(
      Uint8Array.from([0x08, 173, 174, 89, 0x10, 170, 220, 215, 95]),
    );
  });

  it('behavior: Go’s zero time is year 1, far before the epoch', () => {
    expect(hex(encodeTimestamp(GO_ZERO_TIME))).toBe('088092b8c398feffffff01');
  });
});

describe(encodeVersion.name, () => {
  it('default', () => {
    expect(encodeVersion({ block: 666666n, app: 200n })).toEqual(
      Uint8Array.from([0x08, 170, 216, 40, 0x10, 200, 1]),
    );
  });
});

describe(encodeBlockId.name, () => {
  it('default', () => {
    const id = {
      hash: Uint8Array.of(1, 2, 3, 4, 5, 6, 7),
      parts: { total: 88, hash: Uint8Array.of(8, 9, 10, 11, 12) },
    };
    expect(encodeBlockId(id)).toEqual(
      Uint8Array.from([0x0a, 7, 1, 2, 3, 4, 5, 6, 7, 0x12, 9, 0x08, 88, 0x12, 5, 8, 9, 10, 11, 12]),
    );
  });

  it('behavior: the part-set header is non-nullable, so an empty block id is not empty bytes', () => {
    expect(hex(encodeBlockId({ hash: new Uint8Array(), parts: { total: 0, hash: new Uint8Array() } }))).toBe(
      '1200',
    );
  });
});

describe(encodeCommitSig.name, () => {
  it('behavior: the timestamp is non-nullable, so an absent vote still carries one', () => {
    const absent = {
      blockIdFlag: BlockIdFlag.Absent,
      validatorAddress: new Uint8Array(),
      timestamp: { seconds: 0n, nanos: 0 },
      signature: new Uint8Array(),
    };
    expect(hex(encodeCommitSig(absent))).toBe('08011a00');
  });
});

describe(encodeHashedParams.name, () => {
  it('default', () => {
    expect(hex(encodeHashedParams({ block: { maxBytes: 22_020_096n, maxGas: -1n } }))).toBe(
      '088080c00a10ffffffffffffffffff01',
    );
  });
});
