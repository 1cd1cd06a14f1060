import { blockId, blockPartSetHeader, headerHash } from './header-hash';
import { decodeBase64, decodeHex, encodeHex, parseRfc3339Nano } from './encoding';
import { sha256 } from './merkle';
import { BlockIdFlag, type CometBlock, type CometBlockId, type CometHeader } from './types';

const text = (s: string): Uint8Array => new TextEncoder().encode(s);
const blockIdOf = (hash: string, total: number, partsHash: string): CometBlockId => ({
  hash: decodeHex(hash),
  parts: { total, hash: decodeHex(partsHash) },
});

// cometbft v0.38 types/block_test.go, TestHeaderHash.
const GO_TEST_HEADER: CometHeader = {
  version: { block: 1n, app: 2n },
  chainId: 'chainId',
  height: 3n,
  time: parseRfc3339Nano('2019-10-13T16:14:44Z'),
  lastBlockId: { hash: new Uint8Array(32), parts: { total: 6, hash: new Uint8Array(32) } },
  lastCommitHash: sha256(text('last_commit_hash')),
  dataHash: sha256(text('data_hash')),
  validatorsHash: sha256(text('validators_hash')),
  nextValidatorsHash: sha256(text('next_validators_hash')),
  consensusHash: sha256(text('consensus_hash')),
  appHash: sha256(text('app_hash')),
  lastResultsHash: sha256(text('last_results_hash')),
  evidenceHash: sha256(text('evidence_hash')),
  proposerAddress: sha256(text('proposer_address')).slice(0, 20), // crypto.AddressHash
};

const EMPTY = 'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855';
const VALIDATORS = '33415EFFCEDA5BD0A3A443A727457D9F7B9E38389BF27A936FEDF749A7B7566E';
const PROPOSER = '2DD9F44FD9067555C322243C3C913BA7B51D2BE0';

// A CometBFT 0.38 kvstore node (chain "dockerchain"), as recorded by informalsystems/tendermint-rs in
// rpc/tests/kvstore_fixtures/v0_38/incoming/block_at_height_{1,10}.json.
function kvstoreHeader(
  height: bigint,
  time: string,
  lastBlockId: CometBlockId,
  lastCommitHash: string,
): CometHeader {
  return {
    version: { block: 11n, app: 1n },
    chainId: 'dockerchain',
    height,
    time: parseRfc3339Nano(time),
    lastBlockId,
    lastCommitHash: decodeHex(lastCommitHash),
    dataHash: decodeHex(EMPTY),
    validatorsHash: decodeHex(VALIDATORS),
    nextValidatorsHash: decodeHex(VALIDATORS),
    consensusHash: decodeHex('048091BC7DDC283F77BFBF91D73C44DA58C3DF8A9CBC867405D8B7F3DAADA22F'),
    appHash: decodeHex('0000000000000000'),
    lastResultsHash: decodeHex(EMPTY),
    evidenceHash: decodeHex(EMPTY),
    proposerAddress: decodeHex(PROPOSER),
  };
}

const KVSTORE_BLOCK_1: CometBlock = {
  header: kvstoreHeader(1n, '2023-05-17T14:12:48.347696215Z', blockIdOf('', 0, ''), EMPTY),
  txs: [],
  lastCommit: { height: 0n, round: 0, blockId: blockIdOf('', 0, ''), signatures: [] },
};

const BLOCK_9_ID = blockIdOf(
  '678A83FB0422D053A3792154703122861DD68ABB8247A4FF2945DF832DB18FC8',
  1,
  '29FE32F6B57D8439C9E9F6240B436DD560646FDA8C8C105E2C261B6F4746E89C',
);

const KVSTORE_BLOCK_10: CometBlock = {
  header: kvstoreHeader(
    10n,
    '2023-05-17T14:12:53.088875124Z',
    BLOCK_9_ID,
    'A3AD467820428D99FD53BFCF38CDC1EB141DD27E3B5F0F3931BBE91FBA8B097D',
  ),
  txs: [],
  lastCommit: {
    height: 9n,
    round: 0,
    blockId: BLOCK_9_ID,
    signatures: [
      {
        blockIdFlag: BlockIdFlag.Commit,
        validatorAddress: decodeHex(PROPOSER),
        timestamp: parseRfc3339Nano('2023-05-17T14:12:53.088875124Z'),
        signature: decodeBase64(
          'BMy5pB3a9xeEnuBkja/a6GUvP1guZ2lMQtZYvdrl8s0ri1/LaF0JuI9rOsy1biVTv+TDKzlBXTZ5gdgiq0uCAg==',
        ),
      },
    ],
  },
};

describe(headerHash.name, () => {
  it('default: TestHeaderHash vector of cometbft v0.38 types/block_test.go', () => {
    expect(encodeHex(headerHash(GO_TEST_HEADER))).toBe(
      'F740121F553B5418C3EFBD343C2DBFE9E007BB67B0D020A0741374BAB65242A4',
    );
  });

  it('behavior: headers of a live 0.38 node hash to their block_id', () => {
    expect(encodeHex(headerHash(KVSTORE_BLOCK_10.header))).toBe(
      '00ECDAC463C201ECD4BDBBAAE4A53A4C80291D4051FD69ED97F6420CE1388BFE',
    );
    // Height 1: empty last_block_id (still encoded, as a non-nullable message) and empty commit.
    expect(encodeHex(headerHash(KVSTORE_BLOCK_1.header))).toBe(
      '6CD5CF4E23A49D9BC073D6F305D29D1B8B5193B534C237696D42FEA5AFBCD520',
    );
  });

  it('behavior: header_with_known_hash of tendermint-rs (a 0.34 node, same hashing)', () => {
    // informalsystems/tendermint-rs tendermint/tests/support/serialization/block/header_with_known_hash.json
    const header: CometHeader = {
      ...kvstoreHeader(
        1608n,
        '2020-09-14T16:33:54.21191421Z',
        blockIdOf(
          'D3B2CC7EDAFF87433A5DBCDCDF4077A56AACDE3606034262B0CDB120F62EB40B',
          1,
          '3AB411EAFE9A3B7AC013B0214990E5653112A39909289E3EA9211F07B8CD6EED',
        ),
        '47071B86EFC28BEC17543967975F35191BA9BEC9C2AD77E86F63B149528D71A1',
      ),
      validatorsHash: decodeHex('5E20520EC80B84044B64BA0C55B1C06D543BBD57955C27B8A9999EC526BF703C'),
      nextValidatorsHash: decodeHex('5E20520EC80B84044B64BA0C55B1C06D543BBD57955C27B8A9999EC526BF703C'),
      proposerAddress: decodeHex('C8657A30D20C3BAD414624A1A963373DD500CCD3'),
    };
    expect(encodeHex(headerHash(header))).toBe(
      'F30A71F2409FB15AACAEDB6CC122DFA2525BEE9CAE521721B06BFDCA291B8D56',
    );
  });

  it('behavior: every field counts', () => {
    const base = encodeHex(headerHash(GO_TEST_HEADER));
    const variants: Partial<CometHeader>[] = [
      { version: { block: 11n, app: 2n } },
      { chainId: 'chainId2' },
      { height: 4n },
      { time: { ...GO_TEST_HEADER.time, nanos: 1 } },
      { lastBlockId: { ...GO_TEST_HEADER.lastBlockId, parts: { total: 7, hash: new Uint8Array(32) } } },
      { appHash: new Uint8Array() },
      { proposerAddress: new Uint8Array(20) },
    ];
    for (const variant of variants) {
      expect(encodeHex(headerHash({ ...GO_TEST_HEADER, ...variant }))).not.toBe(base);
    }
  });

  it('behavior: no validators_hash, no hash (TestHeaderHash "nil ValidatorsHash yields nil")', () => {
    expect(headerHash({ ...GO_TEST_HEADER, validatorsHash: new Uint8Array() })).toEqual(new Uint8Array());
  });
});

describe(blockId.name, () => {
  it('default: the block_id of a live 0.38 node, parts included', () => {
    const id = blockId(KVSTORE_BLOCK_10);
    expect(encodeHex(id.hash)).toBe('00ECDAC463C201ECD4BDBBAAE4A53A4C80291D4051FD69ED97F6420CE1388BFE');
    expect(id.parts.total).toBe(1);
    expect(encodeHex(id.parts.hash)).toBe('FF0A320E696FD233DD4D3CC7CD82FF90F54B8FDBC9C700D9375C95A02782B062');
  });

  it('behavior: the first block, with its empty last commit', () => {
    const id = blockId(KVSTORE_BLOCK_1);
    expect(encodeHex(id.hash)).toBe('6CD5CF4E23A49D9BC073D6F305D29D1B8B5193B534C237696D42FEA5AFBCD520');
    expect(id.parts).toEqual({
      total: 1,
      hash: decodeHex('F021777213F7EF77494C9B5C11D246A6F532DA146D205422D1FB85600F6B479C'),
    });
  });

  it('behavior: a block over 64 KiB spans several parts', () => {
    const parts = blockPartSetHeader({
      ...KVSTORE_BLOCK_10,
      txs: [new Uint8Array(70_000), new Uint8Array(70_000)],
    });
    expect(parts.total).toBe(3);
  });
});
