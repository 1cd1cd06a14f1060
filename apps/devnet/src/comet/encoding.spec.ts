import fc from 'fast-check';
import {
  blockJson,
  CometEncodingError,
  commitJson,
  cometTimeFromUnixNanos,
  cometTimeToUnixNanos,
  decodeBase64,
  decodeHex,
  decodeInt64,
  encodeBase64,
  encodeHex,
  encodeInt64,
  formatRfc3339Nano,
  headerJson,
  parseRfc3339Nano,
  resultCommitJson,
  validatorJson,
  type CommitJson,
  type HeaderJson,
} from './encoding';
import { BlockIdFlag, GO_ZERO_TIME, type CometBlockId, type CometCommit, type CometHeader } from './types';

// The header and last commit of block 10 of a CometBFT 0.38 kvstore node, as recorded by
// informalsystems/tendermint-rs (rpc/tests/kvstore_fixtures/v0_38/incoming/block_at_height_10.json).
const HEADER_JSON: HeaderJson = {
  version: { block: '11', app: '1' },
  chain_id: 'dockerchain',
  height: '10',
  time: '2023-05-17T14:12:53.088875124Z',
  last_block_id: {
    hash: '678A83FB0422D053A3792154703122861DD68ABB8247A4FF2945DF832DB18FC8',
    parts: { total: 1, hash: '29FE32F6B57D8439C9E9F6240B436DD560646FDA8C8C105E2C261B6F4746E89C' },
  },
  last_commit_hash: 'A3AD467820428D99FD53BFCF38CDC1EB141DD27E3B5F0F3931BBE91FBA8B097D',
  data_hash: 'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855',
  validators_hash: '33415EFFCEDA5BD0A3A443A727457D9F7B9E38389BF27A936FEDF749A7B7566E',
  next_validators_hash: '33415EFFCEDA5BD0A3A443A727457D9F7B9E38389BF27A936FEDF749A7B7566E',
  consensus_hash: '048091BC7DDC283F77BFBF91D73C44DA58C3DF8A9CBC867405D8B7F3DAADA22F',
  app_hash: '0000000000000000',
  last_results_hash: 'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855',
  evidence_hash: 'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855',
  proposer_address: '2DD9F44FD9067555C322243C3C913BA7B51D2BE0',
};

const COMMIT_JSON: CommitJson = {
  height: '9',
  round: 0,
  block_id: HEADER_JSON.last_block_id,
  signatures: [
    {
      block_id_flag: 2,
      validator_address: '2DD9F44FD9067555C322243C3C913BA7B51D2BE0',
      timestamp: '2023-05-17T14:12:53.088875124Z',
      signature: 'BMy5pB3a9xeEnuBkja/a6GUvP1guZ2lMQtZYvdrl8s0ri1/LaF0JuI9rOsy1biVTv+TDKzlBXTZ5gdgiq0uCAg==',
    },
  ],
};

function blockIdFrom(json: HeaderJson['last_block_id']): CometBlockId {
  return { hash: decodeHex(json.hash), parts: { total: json.parts.total, hash: decodeHex(json.parts.hash) } };
}

function headerFrom(json: HeaderJson): CometHeader {
  return {
    version: { block: decodeInt64(json.version.block), app: decodeInt64(json.version.app) },
    chainId: json.chain_id,
    height: decodeInt64(json.height),
    time: parseRfc3339Nano(json.time),
    lastBlockId: blockIdFrom(json.last_block_id),
    lastCommitHash: decodeHex(json.last_commit_hash),
    dataHash: decodeHex(json.data_hash),
    validatorsHash: decodeHex(json.validators_hash),
    nextValidatorsHash: decodeHex(json.next_validators_hash),
    consensusHash: decodeHex(json.consensus_hash),
    appHash: decodeHex(json.app_hash),
    lastResultsHash: decodeHex(json.last_results_hash),
    evidenceHash: decodeHex(json.evidence_hash),
    proposerAddress: decodeHex(json.proposer_address),
  };
}

const COMMIT: CometCommit = {
  height: 9n,
  round: 0,
  blockId: blockIdFrom(HEADER_JSON.last_block_id),
  signatures: [
    {
      blockIdFlag: BlockIdFlag.Commit,
      validatorAddress: decodeHex('2DD9F44FD9067555C322243C3C913BA7B51D2BE0'),
      timestamp: parseRfc3339Nano('2023-05-17T14:12:53.088875124Z'),
      signature: decodeBase64(
        'BMy5pB3a9xeEnuBkja/a6GUvP1guZ2lMQtZYvdrl8s0ri1/LaF0JuI9rOsy1biVTv+TDKzlBXTZ5gdgiq0uCAg==',
      ),
    },
  ],
};

const EMPTY_BLOCK_ID: CometBlockId = { hash: new Uint8Array(), parts: { total: 0, hash: new Uint8Array() } };

describe(formatRfc3339Nano.name, () => {
  it('default', () => {
    const time = { seconds: BigInt(Date.UTC(2024, 0, 2, 3, 4, 5) / 1000), nanos: 123_456_789 };
    expect(formatRfc3339Nano(time)).toBe('2024-01-02T03:04:05.123456789Z');
  });

  it('behavior: trailing zeros trimmed, no fraction for whole seconds', () => {
    const seconds = BigInt(Date.UTC(2024, 0, 2, 3, 4, 5) / 1000);
    expect(formatRfc3339Nano({ seconds, nanos: 120_000_000 })).toBe('2024-01-02T03:04:05.12Z');
    expect(formatRfc3339Nano({ seconds, nanos: 1 })).toBe('2024-01-02T03:04:05.000000001Z');
    expect(formatRfc3339Nano({ seconds, nanos: 0 })).toBe('2024-01-02T03:04:05Z');
    // tendermint-rs header_with_known_hash.json: eight digits, as Go wrote them.
    expect(formatRfc3339Nano(parseRfc3339Nano('2020-09-14T16:33:54.21191421Z'))).toBe(
      '2020-09-14T16:33:54.21191421Z',
    );
  });

  it("behavior: Go's zero time and times before 1970", () => {
    expect(formatRfc3339Nano(GO_ZERO_TIME)).toBe('0001-01-01T00:00:00Z');
    expect(formatRfc3339Nano(cometTimeFromUnixNanos(-1n))).toBe('1969-12-31T23:59:59.999999999Z');
  });

  it('behavior: agrees with Date and round-trips through parseRfc3339Nano', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: GO_ZERO_TIME.seconds, max: 253402300799n }),
        fc.integer({ min: 0, max: 999_999_999 }),
        (seconds, nanos) => {
          const text = formatRfc3339Nano({ seconds, nanos });
          const iso = new Date(Number(seconds) * 1000).toISOString();
          expect(text.slice(0, 19)).toBe(iso.slice(0, 19));
          expect(parseRfc3339Nano(text)).toEqual({ seconds, nanos });
        },
      ),
    );
  });

  it.each([
    [{ seconds: 253402300800n, nanos: 0 }, 'year outside of range [0,9999]'],
    [{ seconds: 0n, nanos: 1e9 }, 'nanos out of range: 1000000000'],
    [{ seconds: 0n, nanos: -1 }, 'nanos out of range: -1'],
  ])('error: %p', (time, message) => {
    expect(() => formatRfc3339Nano(time)).toThrow(new CometEncodingError(message));
  });
});

describe(parseRfc3339Nano.name, () => {
  it('default', () => {
    expect(parseRfc3339Nano('2023-05-17T14:12:53.088875124Z')).toEqual({
      seconds: 1684332773n,
      nanos: 88_875_124,
    });
  });

  it('behavior: offsets are normalized to UTC', () => {
    expect(formatRfc3339Nano(parseRfc3339Nano('2024-01-02T03:04:05.5+01:30'))).toBe('2024-01-02T01:34:05.5Z');
  });

  it.each([
    ['2024-01-02T03:04:05', 'invalid RFC 3339 time "2024-01-02T03:04:05"'],
    ['2024-01-02t03:04:05Z', 'invalid RFC 3339 time "2024-01-02t03:04:05Z"'],
    ['2024-01-02T03:04:05.Z', 'invalid RFC 3339 time "2024-01-02T03:04:05.Z"'],
    ['2024-01-02T03:04:05.1234567890Z', 'invalid RFC 3339 time "2024-01-02T03:04:05.1234567890Z"'],
    ['2024-02-30T03:04:05Z', 'parsing time "2024-02-30T03:04:05Z": day out of range'],
  ])('error: %s', (text, message) => {
    expect(() => parseRfc3339Nano(text)).toThrow(new CometEncodingError(message));
  });
});

describe(cometTimeFromUnixNanos.name, () => {
  it('behavior: nanos stay in [0, 1e9) before the epoch', () => {
    expect(cometTimeFromUnixNanos(-1_500_000_000n)).toEqual({ seconds: -2n, nanos: 500_000_000 });
    expect(cometTimeToUnixNanos({ seconds: -2n, nanos: 500_000_000 })).toBe(-1_500_000_000n);
  });
});

describe(encodeHex.name, () => {
  it('default: uppercase, no 0x, empty for no bytes', () => {
    expect(encodeHex(Uint8Array.of(0xab, 0x01))).toBe('AB01');
    expect(encodeHex(new Uint8Array())).toBe('');
    expect(encodeHex(new Uint8Array(4).subarray(1, 3))).toBe('0000');
  });

  it('behavior: decodeHex reads either case', () => {
    expect(decodeHex('ab01')).toEqual(Uint8Array.of(0xab, 0x01));
    expect(decodeHex('AB01')).toEqual(Uint8Array.of(0xab, 0x01));
  });

  it.each(['0xab', 'abc', 'zz'])('error: %s', (text) => {
    expect(() => decodeHex(text)).toThrow(CometEncodingError);
  });
});

describe(encodeBase64.name, () => {
  it('default', () => {
    expect(encodeBase64(new TextEncoder().encode('async-key=value'))).toBe('YXN5bmMta2V5PXZhbHVl');
    expect(decodeBase64('YXN5bmMta2V5PXZhbHVl')).toEqual(new TextEncoder().encode('async-key=value'));
  });

  it.each(['YQ', 'YR==', 'Y Q==', '_-8='])('error: %s', (text) => {
    expect(() => decodeBase64(text)).toThrow(CometEncodingError);
  });
});

describe(encodeInt64.name, () => {
  it('default', () => {
    expect(encodeInt64(10n)).toBe('10');
    expect(encodeInt64(-1)).toBe('-1');
    expect(decodeInt64('9223372036854775807')).toBe(2n ** 63n - 1n);
  });

  it.each(['9223372036854775808', '1.5', '', '0x10', ' 1'])('error: %j', (text) => {
    expect(() => decodeInt64(text)).toThrow(CometEncodingError);
  });
});

describe(headerJson.name, () => {
  it('default: the header of a live node, key for key and in Go field order', () => {
    const json = headerJson(headerFrom(HEADER_JSON));
    expect(json).toEqual(HEADER_JSON);
    expect(Object.keys(json)).toEqual([
      'version',
      'chain_id',
      'height',
      'time',
      'last_block_id',
      'last_commit_hash',
      'data_hash',
      'validators_hash',
      'next_validators_hash',
      'consensus_hash',
      'app_hash',
      'last_results_hash',
      'evidence_hash',
      'proposer_address',
    ]);
  });
});

describe(commitJson.name, () => {
  it('default: the last commit of a live node', () => {
    expect(commitJson(COMMIT)).toEqual(COMMIT_JSON);
    expect(Object.keys(commitJson(COMMIT))).toEqual(['height', 'round', 'block_id', 'signatures']);
  });

  it('behavior: an absent vote has no address, the zero time and a null signature', () => {
    const absent = {
      blockIdFlag: BlockIdFlag.Absent,
      validatorAddress: new Uint8Array(),
      timestamp: GO_ZERO_TIME,
      signature: new Uint8Array(),
    };
    expect(commitJson({ ...COMMIT, signatures: [absent] }).signatures).toEqual([
      { block_id_flag: 1, validator_address: '', timestamp: '0001-01-01T00:00:00Z', signature: null },
    ]);
  });

  it('behavior: a commit result wraps the signed header', () => {
    expect(resultCommitJson(headerFrom(HEADER_JSON), COMMIT, true)).toEqual({
      signed_header: { header: HEADER_JSON, commit: COMMIT_JSON },
      canonical: true,
    });
  });
});

describe(blockJson.name, () => {
  it('default: the first block of a live node (block_at_height_1.json)', () => {
    const header = headerFrom({
      ...HEADER_JSON,
      height: '1',
      time: '2023-05-17T14:12:48.347696215Z',
      last_block_id: { hash: '', parts: { total: 0, hash: '' } },
      last_commit_hash: 'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855',
    });
    const json = blockJson({
      header,
      txs: [],
      lastCommit: { height: 0n, round: 0, blockId: EMPTY_BLOCK_ID, signatures: [] },
    });
    expect(json.data).toEqual({ txs: [] });
    expect(json.evidence).toEqual({ evidence: [] });
    expect(json.last_commit).toEqual({
      height: '0',
      round: 0,
      block_id: { hash: '', parts: { total: 0, hash: '' } },
      signatures: [],
    });
    expect(json.header.last_block_id).toEqual({ hash: '', parts: { total: 0, hash: '' } });
    expect(Object.keys(json)).toEqual(['header', 'data', 'evidence', 'last_commit']);
  });

  it('behavior: txs as base64', () => {
    const header = headerFrom(HEADER_JSON);
    const json = blockJson({
      header,
      txs: [new TextEncoder().encode('async-key=value')],
      lastCommit: COMMIT,
    });
    expect(json.data.txs).toEqual(['YXN5bmMta2V5PXZhbHVl']);
  });
});

describe(validatorJson.name, () => {
  it('default: the genesis validator of a live node', () => {
    const pubKey = {
      type: 'ed25519' as const,
      bytes: decodeBase64('bNNlGls5R25wC3Sd8720F/3+7IZBhXcD22MNFtPk/v0='),
    };
    expect(validatorJson({ pubKey, votingPower: 10n })).toEqual({
      address: '2DD9F44FD9067555C322243C3C913BA7B51D2BE0',
      pub_key: { type: 'tendermint/PubKeyEd25519', value: 'bNNlGls5R25wC3Sd8720F/3+7IZBhXcD22MNFtPk/v0=' },
      voting_power: '10',
      proposer_priority: '0',
    });
  });
});
