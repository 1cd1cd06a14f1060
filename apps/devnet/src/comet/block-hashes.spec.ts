import { decodeBase58 } from 'ethers';
import {
  commitHash,
  consensusHash,
  dataHash,
  lastResultsHash,
  sortValidators,
  txHash,
  validatorAddress,
  validatorsHash,
} from './block-hashes';
import { decodeBase64, decodeHex, encodeHex, parseRfc3339Nano } from './encoding';
import { encodeDeterministicTxResult } from './proto';
import { BlockIdFlag, GO_ZERO_TIME, type CometValidator } from './types';

const EMPTY = 'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855';

// Values of a CometBFT 0.38 kvstore node recorded by informalsystems/tendermint-rs in
// rpc/tests/kvstore_fixtures/v0_38/incoming/ (genesis, block_at_height_10, tx_search_with_prove,
// consensus_params).
const KVSTORE_VALIDATOR: CometValidator = {
  pubKey: { type: 'ed25519', bytes: decodeBase64('bNNlGls5R25wC3Sd8720F/3+7IZBhXcD22MNFtPk/v0=') },
  votingPower: 10n,
};

describe(dataHash.name, () => {
  it('default: the root of a one-tx block (tx_search proof root_hash at height 223)', () => {
    const tx = decodeBase64('YXN5bmMta2V5PXZhbHVl'); // "async-key=value"
    expect(encodeHex(txHash(tx))).toBe('9F28904F9C0F3AB74A81CBA48E39124DA1C680B47FBFCBA0126870DB722BCC30');
    expect(encodeHex(dataHash([tx]))).toBe(
      '3081F9915040D138B3AD7F895732D2767C29E85BA5D84388D04E17A5D8262B7A',
    );
  });

  it('behavior: a block without txs has the empty-tree hash', () => {
    expect(encodeHex(dataHash([]))).toBe(EMPTY);
  });
});

describe(commitHash.name, () => {
  it('default: last_commit_hash of block 10 from its last_commit', () => {
    const blockId = {
      hash: decodeHex('678A83FB0422D053A3792154703122861DD68ABB8247A4FF2945DF832DB18FC8'),
      parts: {
        total: 1,
        hash: decodeHex('29FE32F6B57D8439C9E9F6240B436DD560646FDA8C8C105E2C261B6F4746E89C'),
      },
    };
    const commit = {
      height: 9n,
      round: 0,
      blockId,
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
    expect(encodeHex(commitHash(commit))).toBe(
      'A3AD467820428D99FD53BFCF38CDC1EB141DD27E3B5F0F3931BBE91FBA8B097D',
    );
  });

  it('behavior: the empty commit of the first block has the empty-tree hash', () => {
    expect(encodeHex(commitHash({ signatures: [] }))).toBe(EMPTY);
  });

  it('behavior: an absent vote still commits to its zero timestamp', () => {
    const absent = {
      blockIdFlag: BlockIdFlag.Absent,
      validatorAddress: new Uint8Array(),
      timestamp: GO_ZERO_TIME,
      signature: new Uint8Array(),
    };
    expect(commitHash({ signatures: [absent] })).not.toEqual(
      commitHash({ signatures: [{ ...absent, timestamp: { seconds: 0n, nanos: 0 } }] }),
    );
  });
});

describe(validatorsHash.name, () => {
  it('default: the genesis validator set of a live 0.38 node', () => {
    expect(encodeHex(validatorAddress(KVSTORE_VALIDATOR.pubKey))).toBe(
      '2DD9F44FD9067555C322243C3C913BA7B51D2BE0',
    );
    expect(encodeHex(validatorsHash([KVSTORE_VALIDATOR]))).toBe(
      '33415EFFCEDA5BD0A3A443A727457D9F7B9E38389BF27A936FEDF749A7B7566E',
    );
  });

  it('behavior: hashed in validator-set order whatever the input order (Go-generated vector)', () => {
    // informalsystems/tendermint-rs tendermint/src/validator.rs test_validator_set, generated with Go's
    // types.NewValidatorSet (which sorts by power, then address).
    const v1: CometValidator = {
      pubKey: {
        type: 'ed25519',
        bytes: Uint8Array.from([
          48, 163, 55, 132, 231, 147, 230, 163, 56, 158, 127, 218, 179, 139, 212, 103, 218, 89, 122, 126, 229,
          88, 84, 48, 32, 0, 185, 174, 63, 72, 203, 52,
        ]),
      },
      votingPower: 148_151_478_422_287_875n,
    };
    const v2: CometValidator = {
      pubKey: {
        type: 'ed25519',
        bytes: Uint8Array.from([
          54, 253, 174, 153, 121, 74, 145, 180, 111, 16, 214, 48, 193, 109, 104, 134, 55, 162, 151, 16, 182,
          114, 125, 135, 32, 195, 236, 248, 64, 112, 74, 101,
        ]),
      },
      votingPower: 158_095_448_483_785_107n,
    };
    const v3: CometValidator = {
      pubKey: {
        type: 'ed25519',
        bytes: Uint8Array.from([
          182, 205, 13, 86, 147, 27, 65, 49, 160, 118, 11, 180, 117, 35, 206, 35, 68, 19, 27, 173, 69, 92,
          204, 224, 200, 51, 249, 81, 105, 128, 112, 244,
        ]),
      },
      votingPower: 770_561_664_770_006_272n,
    };
    const expected = Uint8Array.from([
      11, 64, 107, 4, 234, 81, 232, 75, 204, 199, 160, 114, 229, 97, 243, 95, 118, 213, 17, 22, 57, 84, 71,
      122, 200, 169, 192, 252, 41, 148, 223, 180,
    ]);
    expect(validatorsHash([v1, v2, v3])).toEqual(expected);
    expect(validatorsHash([v3, v1, v2])).toEqual(expected);
    expect(sortValidators([v1, v2, v3])).toEqual([v3, v2, v1]);
  });

  it('behavior: equal powers are ordered by address', () => {
    const a: CometValidator = { ...KVSTORE_VALIDATOR };
    const b: CometValidator = { pubKey: { type: 'ed25519', bytes: new Uint8Array(32) }, votingPower: 10n };
    const [first] = sortValidators([a, b]);
    const lower = Buffer.compare(validatorAddress(a.pubKey), validatorAddress(b.pubKey)) < 0 ? a : b;
    expect(first).toBe(lower);
  });
});

describe(validatorAddress.name, () => {
  it('behavior: secp256k1 keys use ripemd160(sha256) (cometbft crypto/secp256k1 secp256k1_test.go)', () => {
    const pubKey = decodeHex('02950e1cdfcb133d6024109fd489f734eeb4502418e538c28481f22bce276f248c');
    // The test's address is base58check "1CKZ9Nx4zgds8tU7nJHotKSDr4a9bYJCa3": version 0, 20 bytes, checksum.
    const decoded = decodeBase58('1CKZ9Nx4zgds8tU7nJHotKSDr4a9bYJCa3').toString(16).padStart(50, '0');
    expect(encodeHex(validatorAddress({ type: 'secp256k1', bytes: pubKey }))).toBe(
      decoded.slice(2, 42).toUpperCase(),
    );
  });
});

describe(consensusHash.name, () => {
  it('default: the default params (max_bytes 22020096, max_gas -1) of a live 0.38 node', () => {
    expect(encodeHex(consensusHash({ block: { maxBytes: 22_020_096n, maxGas: -1n } }))).toBe(
      '048091BC7DDC283F77BFBF91D73C44DA58C3DF8A9CBC867405D8B7F3DAADA22F',
    );
  });

  it('behavior: only the block size and gas limits count', () => {
    expect(consensusHash({ block: { maxBytes: 22_020_096n, maxGas: 30_000_000n } })).not.toEqual(
      consensusHash({ block: { maxBytes: 22_020_096n, maxGas: -1n } }),
    );
  });
});

describe(lastResultsHash.name, () => {
  it('default: one successful tx without data or gas (a 0.37 node, kvstore_fixtures/v0_37 block_search)', () => {
    expect(
      encodeHex(lastResultsHash([{ code: 0, data: new Uint8Array(), gasWanted: 0n, gasUsed: 0n }])),
    ).toBe('6E340B9CFFB37A989CA544E6BB780A2C78901D3FB33738768511A30617AFA01D');
  });

  it('behavior: no txs, empty-tree hash', () => {
    expect(encodeHex(lastResultsHash([]))).toBe(EMPTY);
  });

  it('behavior: code, data, gas_wanted and gas_used only (ExecTxResult fields 1, 2, 5, 6)', () => {
    const result = { code: 14, data: new TextEncoder().encode('foo'), gasWanted: 5n, gasUsed: 3n };
    expect(encodeHex(encodeDeterministicTxResult(result))).toBe('080E1203666F6F28053003');
    const withLogs = {
      ...result,
      log: 'out of gas',
      info: 'x',
      events: [{ type: 'ethereum_tx' }],
      codespace: 'evm',
    };
    expect(lastResultsHash([withLogs])).toEqual(lastResultsHash([result]));
  });
});
