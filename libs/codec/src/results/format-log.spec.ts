import { CodecError } from '../primitives/codec-error';
import { TRANSFER_LOG } from '../testing/eth-records';
import { formatLog } from './format-log';

describe(formatLog.name, () => {
  it('default', () => {
    expect(formatLog(TRANSFER_LOG)).toStrictEqual({
      address: '0x2ce636d6240f8955d085a896e12429f8b3c7db26',
      topics: [
        '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
        '0x00000000000000000000000019e7e376e7c213b7e7e7e46cc70a5dd086daff2a',
        '0x000000000000000000000000abababababababababababababababababababab',
      ],
      data: '0x0000000000000000000000000000000000000000000000000000000000000064',
      blockNumber: '0x2a',
      transactionHash: '0xaac4752bc9551f7e8f35df095ba4e6e02aeff6809c9ea621a7a3d52666287239',
      transactionIndex: '0x2',
      blockHash: '0x6b3c7ad5e3f9f7ac0e7a1c55d2bb1a3f8f0e2c1d4b5a69788796a5b4c3d2e1f0',
      blockTimestamp: '0x6553f100',
      logIndex: '0x3',
      removed: false,
    });
  });

  it('behavior: the first log of a block has logIndex 0x0, never null', () => {
    expect(formatLog({ ...TRANSFER_LOG, logIndex: 0, transactionIndex: 0 })).toMatchObject({
      logIndex: '0x0',
      transactionIndex: '0x0',
    });
  });

  it('behavior: hashes, addresses and data are lowercased', () => {
    const log = formatLog({
      ...TRANSFER_LOG,
      address: '0x2CE636D6240F8955D085A896E12429F8B3C7DB26',
      blockHash: '0x6B3C7AD5E3F9F7AC0E7A1C55D2BB1A3F8F0E2C1D4B5A69788796A5B4C3D2E1F0',
      data: '0xABCD',
    });
    expect(log.address).toBe('0x2ce636d6240f8955d085a896e12429f8b3c7db26');
    expect(log.blockHash).toBe('0x6b3c7ad5e3f9f7ac0e7a1c55d2bb1a3f8f0e2c1d4b5a69788796a5b4c3d2e1f0');
    expect(log.data).toBe('0xabcd');
  });

  it('error: a malformed topic or data', () => {
    expect(() => formatLog({ ...TRANSFER_LOG, topics: ['0x1234'] })).toThrow(CodecError);
    expect(() => formatLog({ ...TRANSFER_LOG, data: '0x123' })).toThrow(CodecError);
  });
});
