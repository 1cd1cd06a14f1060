// Spec fixture (excluded from the build): one block at height 42 with a legacy, an EIP-2930 and an
// EIP-1559 contract creation, signed for real by ethers (chain 9000), with its receipts and logs.
import type {
  EthBlockRecord,
  EthLogRecord,
  EthReceiptRecord,
  EthTransactionRecord,
  Hex,
} from '@photon/types';

export const BLOCK_HASH: Hex = '0x6b3c7ad5e3f9f7ac0e7a1c55d2bb1a3f8f0e2c1d4b5a69788796a5b4c3d2e1f0';
export const SENDER: Hex = '0x19e7e376e7c213b7e7e7e46cc70a5dd086daff2a';
export const RECIPIENT: Hex = `0x${'ab'.repeat(20)}`;
export const CREATED: Hex = '0x2ce636d6240f8955d085a896e12429f8b3c7db26';
export const TRANSFER_TOPIC: Hex = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
export const EMPTY_BLOOM: Hex = `0x${'00'.repeat(256)}`;

const position = (transactionIndex: number) => ({
  blockHash: BLOCK_HASH,
  blockNumber: 42n,
  blockTimestamp: 1_700_000_000n,
  transactionIndex,
});

export const LEGACY_TX: EthTransactionRecord = {
  type: 0,
  hash: '0x39fd4cc1dfe9926adcd95d583dea5f951209309def2126ea7ad3ba1387733148',
  from: SENDER,
  to: RECIPIENT,
  nonce: 7n,
  value: 10n ** 18n,
  gas: 21_000n,
  gasPrice: 1_000_000_000n,
  input: '0x',
  chainId: 9000n,
  v: 18_035n,
  r: 0xd6c7cfe6abcb0ad863295b0682dc594f4f984b4b49697b3a8ccda5d5973a67a0n,
  s: 0x0079860da08125353b37c38dcbedf7b975233762247ccb43fa062d108559e04fn,
  position: position(0),
};

export const ACCESS_LIST_TX: EthTransactionRecord = {
  type: 1,
  hash: '0x92cc53dee348c59c4a3795e19ed591186c4daee9938df93af138336c40a88809',
  from: SENDER,
  to: RECIPIENT,
  nonce: 8n,
  value: 10n ** 18n,
  gas: 21_000n,
  gasPrice: 1_000_000_000n,
  input: '0xa9059cbb',
  chainId: 9000n,
  accessList: [{ address: `0x${'cd'.repeat(20)}`, storageKeys: [`0x${'00'.repeat(31)}01`] }],
  v: 1n,
  r: 0x5cedf4997772ecb9a3bed9cc600e71b428e410093e64252ef2ca27d1e7881e82n,
  s: 0x0f8fddbe892b217b1b8e237755877b59d0fb3285c2939d56e720550cef084859n,
  yParity: 1,
  position: position(1),
};

export const DYNAMIC_FEE_TX: EthTransactionRecord = {
  type: 2,
  hash: '0xaac4752bc9551f7e8f35df095ba4e6e02aeff6809c9ea621a7a3d52666287239',
  from: SENDER,
  to: null,
  nonce: 9n,
  value: 0n,
  gas: 100_000n,
  gasPrice: 1_001_000_000n,
  maxFeePerGas: 2_000_000_000n,
  maxPriorityFeePerGas: 1_000_000n,
  input: '0x6080604052',
  chainId: 9000n,
  accessList: [],
  v: 1n,
  r: 0xd07cfc2c612a29b609c5b6833bbbc162b33ce582715cc1174f95cb483a1c3ed5n,
  s: 0x2fc0487ffb1519c11a503dd46bab4212e951f8d35e9f5fd96a4973f0edd2ab9an,
  yParity: 1,
  position: position(2),
};

/** A pre-EIP-155 legacy transaction, still in the mempool. */
export const UNPROTECTED_PENDING_TX: EthTransactionRecord = {
  type: 0,
  hash: '0x80277233820189cec46ca9c429c3d863d54ec4c11ab44211493e3610d27e2f7e',
  from: SENDER,
  to: RECIPIENT,
  nonce: 7n,
  value: 10n ** 18n,
  gas: 21_000n,
  gasPrice: 1_000_000_000n,
  input: '0x',
  v: 28n,
  r: 0x2d2821a68af149cc0b2dc16325fa5feba141d5cf3b63d9c91160dc828ef8080bn,
  s: 0x38733798598a8d6e4314e6ca3a43490fef30f6032abe72c7e1f8ec83ca8bbcb2n,
  position: null,
};

export const TRANSFER_LOG: EthLogRecord = {
  address: CREATED,
  topics: [
    TRANSFER_TOPIC,
    `0x${'00'.repeat(12)}${SENDER.slice(2)}`,
    `0x${'00'.repeat(12)}${'ab'.repeat(20)}`,
  ],
  data: `0x${'00'.repeat(31)}64`,
  blockHash: BLOCK_HASH,
  blockNumber: 42n,
  blockTimestamp: 1_700_000_000n,
  transactionHash: DYNAMIC_FEE_TX.hash,
  transactionIndex: 2,
  logIndex: 3,
  removed: false,
};

export const LEGACY_RECEIPT: EthReceiptRecord = {
  type: 0,
  transactionHash: LEGACY_TX.hash,
  transactionIndex: 0,
  blockHash: BLOCK_HASH,
  blockNumber: 42n,
  from: SENDER,
  to: RECIPIENT,
  cumulativeGasUsed: 21_000n,
  gasUsed: 21_000n,
  contractAddress: null,
  logs: [],
  logsBloom: EMPTY_BLOOM,
  status: 1,
  effectiveGasPrice: 1_000_000_000n,
};

export const CREATION_RECEIPT: EthReceiptRecord = {
  type: 2,
  transactionHash: DYNAMIC_FEE_TX.hash,
  transactionIndex: 2,
  blockHash: BLOCK_HASH,
  blockNumber: 42n,
  from: SENDER,
  to: null,
  cumulativeGasUsed: 120_000n,
  gasUsed: 78_000n,
  contractAddress: CREATED,
  logs: [TRANSFER_LOG],
  logsBloom: `0x${'00'.repeat(200)}${'10'.repeat(56)}`,
  status: 1,
  effectiveGasPrice: 1_001_000_000n,
};

export const BLOCK: EthBlockRecord = {
  number: 42n,
  hash: BLOCK_HASH,
  parentHash: '0x1111111111111111111111111111111111111111111111111111111111111111',
  timestamp: 1_700_000_000n,
  miner: '0x3e2d1c0b9a8f7e6d5c4b3a2918273645f0e1d2c3',
  stateRoot: '0x2222222222222222222222222222222222222222222222222222222222222222',
  transactionsRoot: '0x3333333333333333333333333333333333333333333333333333333333333333',
  receiptsRoot: '0x4444444444444444444444444444444444444444444444444444444444444444',
  logsBloom: CREATION_RECEIPT.logsBloom,
  gasLimit: 30_000_000n,
  gasUsed: 120_000n,
  baseFeePerGas: 1_000_000_000n,
  size: 1_234n,
  extraData: '0x',
  transactions: [LEGACY_TX, ACCESS_LIST_TX, DYNAMIC_FEE_TX],
};
