// JSON Schemas of the wire types, for methods the execution-apis document does not define. They are
// self-contained (no $ref) so the OpenRPC document stays valid without that document's components.
import type { WireType } from '../method-table/method-row';

export type JsonValue = null | boolean | number | string | readonly JsonValue[] | JsonObject;
export interface JsonObject {
  readonly [key: string]: JsonValue;
}
export type JsonSchema = JsonObject;

// Inputs accept either hex case, as geth does; execution-apis only shows lowercase in results.
const quantity = {
  title: 'hex encoded unsigned integer',
  type: 'string',
  pattern: '^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$',
};
const data = { title: 'hex encoded bytes', type: 'string', pattern: '^0x([0-9a-fA-F]{2})*$' };
const address = { title: 'hex encoded address', type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' };
const hash32 = { title: '32 byte hex value', type: 'string', pattern: '^0x[0-9a-fA-F]{64}$' };
const storageSlot = {
  title: 'storage slot, up to 32 hex encoded bytes',
  type: 'string',
  pattern: '^0x[0-9a-fA-F]{0,64}$',
};
const nullValue = { type: 'null' };
const blockTag = {
  title: 'block tag',
  type: 'string',
  enum: ['earliest', 'finalized', 'safe', 'latest', 'pending'],
};
const blockTagOrNumber = { title: 'block number or tag', oneOf: [quantity, blockTag] };
const log = {
  title: 'log',
  type: 'object',
  required: ['address', 'topics', 'data', 'blockNumber', 'transactionHash', 'logIndex', 'blockHash'],
  properties: {
    removed: { type: 'boolean' },
    logIndex: quantity,
    transactionIndex: quantity,
    transactionHash: hash32,
    blockHash: hash32,
    blockNumber: quantity,
    address,
    data,
    topics: { type: 'array', items: hash32 },
  },
};
const transactionFields = {
  type: quantity,
  from: address,
  to: { oneOf: [nullValue, address] },
  gas: quantity,
  gasPrice: quantity,
  maxFeePerGas: quantity,
  maxPriorityFeePerGas: quantity,
  value: quantity,
  nonce: quantity,
  data,
  input: data,
  chainId: quantity,
  accessList: {
    type: 'array',
    items: {
      type: 'object',
      properties: { address, storageKeys: { type: 'array', items: hash32 } },
    },
  },
};
const block = {
  title: 'block',
  type: 'object',
  required: ['number', 'hash', 'parentHash', 'timestamp', 'gasLimit', 'gasUsed', 'transactions'],
  properties: {
    number: quantity,
    hash: hash32,
    parentHash: hash32,
    timestamp: quantity,
    gasLimit: quantity,
    gasUsed: quantity,
    baseFeePerGas: quantity,
    miner: address,
    transactions: { type: 'array', items: { oneOf: [hash32, { type: 'object' }] } },
    uncles: { type: 'array', items: hash32 },
  },
};
const transaction = {
  title: 'transaction',
  type: 'object',
  required: ['hash', 'from', 'nonce', 'gas', 'value', 'input'],
  properties: {
    ...transactionFields,
    hash: hash32,
    blockHash: hash32,
    blockNumber: quantity,
    transactionIndex: quantity,
  },
};
const receipt = {
  title: 'receipt',
  type: 'object',
  required: ['transactionHash', 'blockHash', 'blockNumber', 'status', 'cumulativeGasUsed', 'gasUsed', 'logs'],
  properties: {
    transactionHash: hash32,
    transactionIndex: quantity,
    blockHash: hash32,
    blockNumber: quantity,
    from: address,
    to: { oneOf: [nullValue, address] },
    contractAddress: { oneOf: [nullValue, address] },
    cumulativeGasUsed: quantity,
    gasUsed: quantity,
    effectiveGasPrice: quantity,
    logs: { type: 'array', items: log },
    logsBloom: data,
    type: quantity,
    status: quantity,
  },
};
const txpoolByNonce = {
  type: 'object',
  additionalProperties: { type: 'object', additionalProperties: transaction },
};

export const WIRE_SCHEMAS: Readonly<Record<WireType, JsonSchema>> = {
  QUANTITY: quantity,
  QUANTITY_OR_NULL: { oneOf: [nullValue, quantity] },
  INTEGER: { type: 'integer', minimum: 0 },
  DATA: data,
  ADDRESS: address,
  ADDRESS_LIST: { type: 'array', items: address },
  HASH32: hash32,
  HASH32_LIST: { type: 'array', items: hash32 },
  STORAGE_SLOT: storageSlot,
  STORAGE_SLOT_LIST: { type: 'array', items: storageSlot },
  STORAGE_REQUESTS: {
    title: 'storage keys by address',
    type: 'object',
    propertyNames: address,
    additionalProperties: { type: 'array', items: storageSlot },
  },
  STORAGE_VALUES: {
    title: 'storage values by address',
    type: 'object',
    propertyNames: address,
    additionalProperties: { type: 'array', items: data },
  },
  BOOLEAN: { type: 'boolean' },
  STRING: { type: 'string' },
  BLOCK_TAG_OR_NUMBER: blockTagOrNumber,
  // EIP-1898: a block hash may come bare or as { blockHash, requireCanonical }, a number as { blockNumber }.
  BLOCK_ID: {
    title: 'block number, tag or hash',
    anyOf: [
      quantity,
      blockTag,
      hash32,
      {
        type: 'object',
        properties: {
          blockHash: hash32,
          blockNumber: blockTagOrNumber,
          requireCanonical: { type: 'boolean' },
        },
      },
    ],
  },
  TRANSACTION_CALL: { title: 'call', type: 'object', properties: transactionFields },
  TRANSACTION_SEND: {
    title: 'transaction to sign',
    type: 'object',
    required: ['from'],
    properties: transactionFields,
  },
  STATE_OVERRIDES: {
    title: 'state overrides by address',
    type: 'object',
    additionalProperties: {
      type: 'object',
      properties: {
        balance: quantity,
        nonce: quantity,
        code: data,
        state: { type: 'object', additionalProperties: hash32 },
        stateDiff: { type: 'object', additionalProperties: hash32 },
      },
    },
  },
  FILTER: {
    title: 'log filter',
    type: 'object',
    properties: {
      fromBlock: blockTagOrNumber,
      toBlock: blockTagOrNumber,
      blockHash: hash32,
      address: { oneOf: [nullValue, address, { type: 'array', items: address }] },
      topics: {
        type: 'array',
        items: { oneOf: [nullValue, hash32, { type: 'array', items: hash32 }] },
      },
    },
  },
  FILTER_ID: { title: 'filter id', type: 'string', pattern: '^0x[0-9a-fA-F]+$' },
  SUBSCRIPTION_KIND: { type: 'string', enum: ['newHeads', 'logs', 'newPendingTransactions', 'syncing'] },
  SUBSCRIPTION_ID: { title: 'subscription id', type: 'string', pattern: '^0x[0-9a-fA-F]+$' },
  REWARD_PERCENTILES: { type: 'array', items: { type: 'number', minimum: 0, maximum: 100 } },
  BLOCK: block,
  BLOCK_OR_NULL: { oneOf: [nullValue, block] },
  TRANSACTION_OR_NULL: { oneOf: [nullValue, transaction] },
  RECEIPT: receipt,
  RECEIPT_OR_NULL: { oneOf: [nullValue, receipt] },
  RECEIPT_LIST_OR_NULL: { oneOf: [nullValue, { type: 'array', items: receipt }] },
  LOG_LIST: { type: 'array', items: log },
  LOG_LIST_OR_NULL: { oneOf: [nullValue, { type: 'array', items: log }] },
  FILTER_CHANGES: {
    oneOf: [
      { type: 'array', items: hash32 },
      { type: 'array', items: log },
    ],
  },
  SYNCING: {
    oneOf: [
      { const: false },
      {
        type: 'object',
        properties: { startingBlock: quantity, currentBlock: quantity, highestBlock: quantity },
      },
    ],
  },
  FEE_HISTORY: {
    type: 'object',
    required: ['oldestBlock', 'baseFeePerGas', 'gasUsedRatio'],
    properties: {
      oldestBlock: quantity,
      baseFeePerGas: { type: 'array', items: quantity },
      gasUsedRatio: { type: 'array', items: { type: 'number' } },
      reward: { type: 'array', items: { type: 'array', items: quantity } },
    },
  },
  TXPOOL_STATUS: {
    type: 'object',
    required: ['pending', 'queued'],
    properties: { pending: quantity, queued: quantity },
  },
  TXPOOL_CONTENT: {
    type: 'object',
    required: ['pending', 'queued'],
    properties: {
      pending: { type: 'object', additionalProperties: txpoolByNonce },
      queued: { type: 'object', additionalProperties: txpoolByNonce },
    },
  },
  TXPOOL_CONTENT_FROM: {
    type: 'object',
    required: ['pending', 'queued'],
    properties: { pending: txpoolByNonce, queued: txpoolByNonce },
  },
  TXPOOL_INSPECT: {
    type: 'object',
    required: ['pending', 'queued'],
    properties: {
      pending: {
        type: 'object',
        additionalProperties: { type: 'object', additionalProperties: { type: 'string' } },
      },
      queued: {
        type: 'object',
        additionalProperties: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
  },
  SIGNED_TRANSACTION: {
    type: 'object',
    required: ['raw', 'tx'],
    properties: { raw: data, tx: transaction },
  },
  ACCOUNT_PROOF: {
    type: 'object',
    required: ['address', 'accountProof', 'balance', 'codeHash', 'nonce', 'storageHash', 'storageProof'],
    properties: {
      address,
      accountProof: { type: 'array', items: data },
      balance: quantity,
      codeHash: hash32,
      nonce: quantity,
      storageHash: hash32,
      storageProof: {
        type: 'array',
        items: {
          type: 'object',
          properties: { key: storageSlot, value: quantity, proof: { type: 'array', items: data } },
        },
      },
    },
  },
  ACCESS_LIST_RESULT: {
    type: 'object',
    properties: { accessList: transactionFields.accessList, gasUsed: quantity, error: { type: 'string' } },
  },
  OPENRPC_DOCUMENT: {
    title: 'OpenRPC document',
    type: 'object',
    required: ['openrpc', 'info', 'methods'],
    properties: {
      openrpc: { type: 'string' },
      info: { type: 'object', required: ['title', 'version'] },
      methods: { type: 'array', items: { type: 'object', required: ['name', 'params', 'result'] } },
      components: { type: 'object' },
    },
  },
  ANY: {},
  NULL: nullValue,
};
