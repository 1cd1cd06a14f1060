// Plausible Ethereum records of one block (a legacy, an EIP-2930 and an EIP-1559 contract creation,
// their receipts and a Transfer log) plus a pending transaction, for tests of formatters and handlers.
import type {
  EthBlockRecord,
  EthLogRecord,
  EthReceiptRecord,
  EthTransactionRecord,
  Hex,
  InclusionPosition,
} from '@photon/types';

const BLOCK_HASH: Hex = '0x9f4e1a6c2b7d8e3f5a0c1b2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f';
const SENDER: Hex = '0x19e7e376e7c213b7e7e7e46cc70a5dd086daff2a';
const RECIPIENT: Hex = '0x00000000000000000000000000000000000000aa';
const CREATED: Hex = '0x2ce636d6240f8955d085a896e12429f8b3c7db26';
const word = (hex: string): Hex => `0x${hex.padStart(64, '0')}`;

const at = (transactionIndex: number): InclusionPosition => ({
  blockHash: BLOCK_HASH,
  blockNumber: 100n,
  blockTimestamp: 1_700_000_600n,
  transactionIndex,
});

const legacyTx: EthTransactionRecord = {
  type: 0,
  hash: word('a1'),
  from: SENDER,
  to: RECIPIENT,
  nonce: 0n,
  value: 1n,
  gas: 21_000n,
  gasPrice: 10n ** 9n,
  input: '0x',
  chainId: 9000n,
  v: 18_036n,
  r: BigInt(word('1f')),
  s: BigInt(word('2e')),
  position: at(0),
};

const accessListTx: EthTransactionRecord = {
  ...legacyTx,
  type: 1,
  hash: word('a2'),
  nonce: 1n,
  accessList: [{ address: RECIPIENT, storageKeys: [word('0')] }],
  v: 0n,
  yParity: 0,
  position: at(1),
};

const dynamicFeeTx: EthTransactionRecord = {
  ...legacyTx,
  type: 2,
  hash: word('a3'),
  to: null,
  nonce: 2n,
  value: 0n,
  gas: 500_000n,
  gasPrice: 1_000_000_001n,
  maxFeePerGas: 2n * 10n ** 9n,
  maxPriorityFeePerGas: 1n,
  input: '0x6080604052',
  accessList: [],
  v: 1n,
  yParity: 1,
  position: at(2),
};

const pendingTx: EthTransactionRecord = { ...dynamicFeeTx, hash: word('b1'), nonce: 3n, position: null };

const log: EthLogRecord = {
  address: CREATED,
  topics: [
    '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
    word('0'),
    word(SENDER.slice(2)),
  ],
  data: word('3635c9adc5dea00000'),
  blockHash: BLOCK_HASH,
  blockNumber: 100n,
  blockTimestamp: 1_700_000_600n,
  transactionHash: dynamicFeeTx.hash,
  transactionIndex: 2,
  logIndex: 0,
  removed: false,
};

const emptyBloom: Hex = `0x${'00'.repeat(256)}`;
const someBloom: Hex = `0x${'00'.repeat(128)}${'01'.repeat(128)}`;

const receipt: EthReceiptRecord = {
  type: 0,
  transactionHash: legacyTx.hash,
  transactionIndex: 0,
  blockHash: BLOCK_HASH,
  blockNumber: 100n,
  from: SENDER,
  to: RECIPIENT,
  cumulativeGasUsed: 21_000n,
  gasUsed: 21_000n,
  contractAddress: null,
  logs: [],
  logsBloom: emptyBloom,
  status: 1,
  effectiveGasPrice: 10n ** 9n,
};

const creationReceipt: EthReceiptRecord = {
  ...receipt,
  type: 2,
  transactionHash: dynamicFeeTx.hash,
  transactionIndex: 2,
  to: null,
  cumulativeGasUsed: 342_000n,
  gasUsed: 300_000n,
  contractAddress: CREATED,
  logs: [log],
  logsBloom: someBloom,
  effectiveGasPrice: 1_000_000_001n,
};

const block: EthBlockRecord = {
  number: 100n,
  hash: BLOCK_HASH,
  parentHash: word('99'),
  timestamp: 1_700_000_600n,
  miner: '0x3e2d1c0b9a8f7e6d5c4b3a2918273645f0e1d2c3',
  stateRoot: word('5'),
  transactionsRoot: word('6'),
  receiptsRoot: word('7'),
  logsBloom: someBloom,
  gasLimit: 30_000_000n,
  gasUsed: 342_000n,
  baseFeePerGas: 10n ** 9n,
  size: 2_048n,
  extraData: '0x',
  transactions: [legacyTx, accessListTx, dynamicFeeTx],
};

export const sampleRecords = Object.freeze({
  block,
  legacyTx,
  accessListTx,
  dynamicFeeTx,
  pendingTx,
  receipt,
  creationReceipt,
  log,
});
