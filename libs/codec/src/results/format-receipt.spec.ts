import { CREATION_RECEIPT, LEGACY_RECEIPT } from '../testing/eth-records';
import { formatLog } from './format-log';
import { formatReceipt } from './format-receipt';

describe(formatReceipt.name, () => {
  it('default', () => {
    expect(formatReceipt(LEGACY_RECEIPT)).toStrictEqual({
      blockHash: '0x6b3c7ad5e3f9f7ac0e7a1c55d2bb1a3f8f0e2c1d4b5a69788796a5b4c3d2e1f0',
      blockNumber: '0x2a',
      contractAddress: null,
      cumulativeGasUsed: '0x5208',
      effectiveGasPrice: '0x3b9aca00',
      from: '0x19e7e376e7c213b7e7e7e46cc70a5dd086daff2a',
      gasUsed: '0x5208',
      logs: [],
      logsBloom: `0x${'0'.repeat(512)}`,
      status: '0x1',
      to: '0xabababababababababababababababababababab',
      transactionHash: '0x39fd4cc1dfe9926adcd95d583dea5f951209309def2126ea7ad3ba1387733148',
      transactionIndex: '0x0',
      type: '0x0',
    });
  });

  it('args: a contract creation with logs', () => {
    expect(formatReceipt(CREATION_RECEIPT)).toStrictEqual({
      blockHash: '0x6b3c7ad5e3f9f7ac0e7a1c55d2bb1a3f8f0e2c1d4b5a69788796a5b4c3d2e1f0',
      blockNumber: '0x2a',
      contractAddress: '0x2ce636d6240f8955d085a896e12429f8b3c7db26',
      cumulativeGasUsed: '0x1d4c0',
      effectiveGasPrice: '0x3baa0c40',
      from: '0x19e7e376e7c213b7e7e7e46cc70a5dd086daff2a',
      gasUsed: '0x130b0',
      logs: CREATION_RECEIPT.logs.map(formatLog),
      logsBloom: `0x${'00'.repeat(200)}${'10'.repeat(56)}`,
      status: '0x1',
      to: null,
      transactionHash: '0xaac4752bc9551f7e8f35df095ba4e6e02aeff6809c9ea621a7a3d52666287239',
      transactionIndex: '0x2',
      type: '0x2',
    });
  });

  it('behavior: a reverted transaction has status 0x0', () => {
    expect(formatReceipt({ ...LEGACY_RECEIPT, status: 0 }).status).toBe('0x0');
  });

  it('behavior: exactly the ReceiptInfo fields, whatever the record carries', () => {
    expect(Object.keys(formatReceipt(CREATION_RECEIPT)).sort()).toStrictEqual(
      [
        'blockHash',
        'blockNumber',
        'contractAddress',
        'cumulativeGasUsed',
        'effectiveGasPrice',
        'from',
        'gasUsed',
        'logs',
        'logsBloom',
        'status',
        'to',
        'transactionHash',
        'transactionIndex',
        'type',
      ].sort(),
    );
  });

  it('error: a bloom of the wrong size', () => {
    expect(() => formatReceipt({ ...LEGACY_RECEIPT, logsBloom: '0x00' })).toThrow('not 256 hex bytes');
  });
});
