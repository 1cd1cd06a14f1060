import { fieldNumbers } from '../testing/wire-fields';
import {
  AccessListTx,
  AccessTuple,
  DynamicFeeTx,
  ExtensionOptionsEthereumTx,
  LegacyTx,
  Log,
  MsgEthereumTx,
  MsgEthereumTxResponse,
} from './evm-tx';

const bytes = (...values: number[]) => Uint8Array.from(values);

const tuple: AccessTuple = {
  address: '0x904Bd5a5AAC0B9d88A0D47864724218986Ad4a3a',
  storageKeys: [`0x${'00'.repeat(31)}01`, `0x${'ff'.repeat(32)}`],
};

const log: Log = {
  address: '0x904Bd5a5AAC0B9d88A0D47864724218986Ad4a3a',
  topics: [`0x${'8c'.repeat(32)}`, `0x${'00'.repeat(32)}`],
  data: bytes(1, 2, 3),
  blockNumber: 5_168_311n,
  txHash: `0x${'d5'.repeat(32)}`,
  txIndex: 3n,
  blockHash: `0x${'ba'.repeat(32)}`,
  index: 7n,
  removed: true,
};

describe('MsgEthereumTx', () => {
  it('default', () => {
    const maintained = MsgEthereumTx.fromPartial({
      from: bytes(...Array(20).fill(0xaa)),
      raw: bytes(0x02, 0xf8),
    });
    expect(MsgEthereumTx.decode(MsgEthereumTx.encode(maintained))).toEqual(maintained);
    const legacy: MsgEthereumTx = {
      data: { typeUrl: LegacyTx.typeUrl, value: bytes(8, 1) },
      size: 172,
      deprecatedHash: `0x${'d8'.repeat(32)}`,
      deprecatedFrom: '0x8b6b989d0b1256dc574de378734a4bc85e3cd2db',
      from: new Uint8Array(),
      raw: new Uint8Array(),
    };
    expect(MsgEthereumTx.decode(MsgEthereumTx.encode(legacy))).toEqual(legacy);
  });

  it('behavior: field numbers of both layouts (older 1-4, maintained 5-6)', () => {
    const all: MsgEthereumTx = {
      data: { typeUrl: '/x', value: bytes() },
      size: 1,
      deprecatedHash: 'h',
      deprecatedFrom: 'f',
      from: bytes(1),
      raw: bytes(2),
    };
    expect(fieldNumbers(MsgEthereumTx.encode(all))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(MsgEthereumTx.encode(MsgEthereumTx.fromPartial({ from: bytes(1), raw: bytes(2) }))).toEqual(
      bytes(0x2a, 0x01, 0x01, 0x32, 0x01, 0x02),
    );
  });
});

describe('LegacyTx', () => {
  it('default', () => {
    const tx: LegacyTx = {
      nonce: 1n,
      gasPrice: '5000000000000',
      gas: 47_229n,
      to: '0xDC5bBDb4A4b051BDB85B959eB3cBD1c8C0d0c105',
      value: '0',
      data: bytes(0xa2, 0x2c),
      v: bytes(0x55),
      r: bytes(...Array(32).fill(1)),
      s: bytes(...Array(31).fill(2)),
    };
    expect(LegacyTx.decode(LegacyTx.encode(tx))).toEqual(tx);
    expect(fieldNumbers(LegacyTx.encode(tx))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('AccessListTx', () => {
  it('default', () => {
    const tx: AccessListTx = {
      chainId: '9000',
      nonce: 2n,
      gasPrice: '7',
      gas: 60_000n,
      to: tuple.address,
      value: '1',
      data: bytes(0xa9),
      accesses: [tuple, { address: '0x0000000000000000000000000000000000000001', storageKeys: [] }],
      v: bytes(1),
      r: bytes(3),
      s: bytes(4),
    };
    expect(AccessListTx.decode(AccessListTx.encode(tx))).toEqual(tx);
    expect(fieldNumbers(AccessListTx.encode(tx))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 8, 9, 10, 11]);
  });
});

describe('DynamicFeeTx', () => {
  it('default', () => {
    const tx: DynamicFeeTx = {
      chainId: '338',
      nonce: 115n,
      gasTipCap: '5000000000000',
      gasFeeCap: '5000000000000',
      gas: 48_834n,
      to: tuple.address,
      value: '0',
      data: bytes(9, 94),
      accesses: [tuple],
      v: bytes(1),
      r: bytes(5),
      s: bytes(6),
    };
    expect(DynamicFeeTx.decode(DynamicFeeTx.encode(tx))).toEqual(tx);
    expect(fieldNumbers(DynamicFeeTx.encode(tx))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });
});

describe('AccessTuple', () => {
  it('default', () => {
    expect(AccessTuple.decode(AccessTuple.encode(tuple))).toEqual(tuple);
    expect(fieldNumbers(AccessTuple.encode(tuple))).toEqual([1, 2, 2]);
  });
});

describe('ExtensionOptionsEthereumTx', () => {
  it('default', () => {
    expect(ExtensionOptionsEthereumTx.encode({})).toEqual(new Uint8Array());
    expect(ExtensionOptionsEthereumTx.decode(new Uint8Array())).toEqual({});
    expect(ExtensionOptionsEthereumTx.typeUrl).toBe('/ethermint.evm.v1.ExtensionOptionsEthereumTx');
  });
});

describe('Log', () => {
  it('default', () => {
    expect(Log.decode(Log.encode(log))).toEqual(log);
    expect(fieldNumbers(Log.encode(log))).toEqual([1, 2, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('MsgEthereumTxResponse', () => {
  it('default', () => {
    const response: MsgEthereumTxResponse = {
      hash: `0x${'d5'.repeat(32)}`,
      logs: [log, { ...log, index: 8n, topics: [] }],
      ret: bytes(0, 1),
      vmError: 'execution reverted',
      gasUsed: 44_395n,
      blockHash: bytes(...Array(32).fill(0xba)),
    };
    expect(MsgEthereumTxResponse.decode(MsgEthereumTxResponse.encode(response))).toEqual(response);
    expect(fieldNumbers(MsgEthereumTxResponse.encode(response))).toEqual([1, 2, 2, 3, 4, 5, 6]);
  });
});
