import { ACCESS_LIST_TX, BLOCK, DYNAMIC_FEE_TX, LEGACY_TX } from '../testing/eth-records';
import { formatBlock } from './format-block';
import { formatTransaction } from './format-transaction';

const HEADER = {
  baseFeePerGas: '0x3b9aca00',
  difficulty: '0x0',
  extraData: '0x',
  gasLimit: '0x1c9c380',
  gasUsed: '0x1d4c0',
  hash: '0x6b3c7ad5e3f9f7ac0e7a1c55d2bb1a3f8f0e2c1d4b5a69788796a5b4c3d2e1f0',
  logsBloom: `0x${'00'.repeat(200)}${'10'.repeat(56)}`,
  miner: '0x3e2d1c0b9a8f7e6d5c4b3a2918273645f0e1d2c3',
  mixHash: '0x0000000000000000000000000000000000000000000000000000000000000000',
  nonce: '0x0000000000000000',
  number: '0x2a',
  parentHash: '0x1111111111111111111111111111111111111111111111111111111111111111',
  receiptsRoot: '0x4444444444444444444444444444444444444444444444444444444444444444',
  sha3Uncles: '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347',
  size: '0x4d2',
  stateRoot: '0x2222222222222222222222222222222222222222222222222222222222222222',
  timestamp: '0x6553f100',
  totalDifficulty: '0x0',
  transactionsRoot: '0x3333333333333333333333333333333333333333333333333333333333333333',
  uncles: [],
};

describe(formatBlock.name, () => {
  it('default', () => {
    expect(formatBlock(BLOCK, false)).toStrictEqual({
      ...HEADER,
      transactions: [
        '0x39fd4cc1dfe9926adcd95d583dea5f951209309def2126ea7ad3ba1387733148',
        '0x92cc53dee348c59c4a3795e19ed591186c4daee9938df93af138336c40a88809',
        '0xaac4752bc9551f7e8f35df095ba4e6e02aeff6809c9ea621a7a3d52666287239',
      ],
    });
  });

  it('args: hydrated serves the full transaction objects', () => {
    expect(formatBlock(BLOCK, true)).toStrictEqual({
      ...HEADER,
      transactions: [LEGACY_TX, ACCESS_LIST_TX, DYNAMIC_FEE_TX].map(formatTransaction),
    });
  });

  it('args: an empty block', () => {
    const block = formatBlock({ ...BLOCK, transactions: [], gasUsed: 0n }, true);
    expect(block.transactions).toStrictEqual([]);
    expect(block.gasUsed).toBe('0x0');
  });

  it('behavior: a transaction record without a position takes the block and its index', () => {
    const block = formatBlock({ ...BLOCK, transactions: [{ ...ACCESS_LIST_TX, position: null }] }, true);
    expect(block.transactions[0]).toMatchObject({
      blockHash: HEADER.hash,
      blockNumber: '0x2a',
      blockTimestamp: '0x6553f100',
      transactionIndex: '0x0',
    });
  });

  it('behavior: the CometBFT hash is served lowercase', () => {
    const block = formatBlock(
      { ...BLOCK, hash: '0x6B3C7AD5E3F9F7AC0E7A1C55D2BB1A3F8F0E2C1D4B5A69788796A5B4C3D2E1F0' },
      false,
    );
    expect(block.hash).toBe(HEADER.hash);
  });
});
