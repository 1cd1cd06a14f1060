// The codec's formatters against the execution-apis result schemas: what they produce validates,
// and the same objects with one deliberately wrong field do not (proof the check can fail).
import { formatBlock, formatLog, formatReceipt, formatTransaction } from '@photon/codec';
import { sampleRecords } from './sample-records';
import { expectValidComponent, expectValidResult, validateResult } from './validate-result';

const { block, legacyTx, accessListTx, dynamicFeeTx, pendingTx, receipt, creationReceipt, log } =
  sampleRecords;

function expectInvalid(method: string, wrong: unknown): void {
  expect(validateResult(method, wrong).valid).toBe(false);
  expect(() => expectValidResult(method, wrong)).toThrow(`${method} result fails the execution-apis schema`);
}

function omit<T extends object>(value: T, key: keyof T): Partial<T> {
  const copy: Partial<T> = { ...value };
  delete copy[key];
  return copy;
}

describe(formatBlock.name, () => {
  it('default', () => {
    expectValidResult('eth_getBlockByNumber', formatBlock(block, false));
    expectValidResult('eth_getBlockByHash', formatBlock(block, false));
  });

  it('args: hydrated with a legacy, a 2930 and a 1559 transaction, and empty', () => {
    const hydrated = formatBlock(block, true);
    expect(hydrated.transactions.map((tx) => tx.type)).toStrictEqual(['0x0', '0x1', '0x2']);
    expectValidResult('eth_getBlockByNumber', hydrated);
    expectValidResult('eth_getBlockByHash', hydrated);
    expectValidResult('eth_getBlockByNumber', formatBlock({ ...block, transactions: [] }, true));
  });

  it.each<[string, (b: ReturnType<typeof formatBlock>) => unknown]>([
    ['nonce null', (b) => ({ ...b, nonce: null })],
    ['nonce 0x0', (b) => ({ ...b, nonce: '0x0' })],
    ['difficulty null', (b) => ({ ...b, difficulty: null })],
    ['sha3Uncles null', (b) => ({ ...b, sha3Uncles: null })],
    ['parentHash 0x', (b) => ({ ...b, parentHash: '0x' })],
    ['no mixHash', (b) => omit(b, 'mixHash')],
    ['hash in upper case', (b) => ({ ...b, hash: b.hash.toUpperCase().replace('0X', '0x') })],
  ])('error: %s fails validation', (_case, breakIt) => {
    expectInvalid('eth_getBlockByNumber', breakIt(formatBlock(block, false)));
  });

  it('error: a wrong field inside a hydrated transaction fails the block', () => {
    const hydrated = formatBlock(block, true);
    const [first, ...rest] = hydrated.transactions;
    expectInvalid('eth_getBlockByHash', { ...hydrated, transactions: [{ ...first, v: null }, ...rest] });
  });
});

describe(formatTransaction.name, () => {
  it('default', () => {
    for (const tx of [legacyTx, accessListTx, dynamicFeeTx]) {
      expectValidResult('eth_getTransactionByHash', formatTransaction(tx));
      expectValidResult('eth_getTransactionByBlockHashAndIndex', formatTransaction(tx));
      expectValidResult('eth_getTransactionByBlockNumberAndIndex', formatTransaction(tx));
    }
  });

  it('args: an unprotected legacy transaction (no chainId)', () => {
    const { chainId: _chainId, ...unprotected } = legacyTx;
    expectValidResult('eth_getTransactionByHash', formatTransaction({ ...unprotected, v: 27n }));
  });

  it('args: a pending transaction', () => {
    expectValidResult('eth_getTransactionByHash', formatTransaction(pendingTx));
    expectValidComponent('PendingTransactionInfo', formatTransaction(pendingTx));
  });

  it.each<[string, unknown]>([
    ['type 2 without maxFeePerGas', omit(formatTransaction(dynamicFeeTx), 'maxFeePerGas')],
    ['type 1 without accessList', omit(formatTransaction(accessListTx), 'accessList')],
    ['type 1 without yParity', omit(formatTransaction(accessListTx), 'yParity')],
    ['included without blockTimestamp', omit(formatTransaction(legacyTx), 'blockTimestamp')],
    ['pending with a block hash', { ...formatTransaction(pendingTx), blockHash: block.hash }],
  ])('error: %s fails validation', (_case, wrong) => {
    expectInvalid('eth_getTransactionByHash', wrong);
  });
});

describe(formatReceipt.name, () => {
  it('default', () => {
    expectValidResult('eth_getTransactionReceipt', formatReceipt(receipt));
  });

  it('args: a contract creation with logs, a failure, and a block of receipts', () => {
    expectValidResult('eth_getTransactionReceipt', formatReceipt(creationReceipt));
    expectValidResult('eth_getTransactionReceipt', formatReceipt({ ...receipt, status: 0 }));
    expectValidResult('eth_getBlockReceipts', [formatReceipt(receipt), formatReceipt(creationReceipt)]);
  });

  it.each<[string, unknown]>([
    ['an extra property', { ...formatReceipt(receipt), l1Fee: '0x0' }],
    ['no effectiveGasPrice', omit(formatReceipt(receipt), 'effectiveGasPrice')],
    ['cumulativeGasUsed null', { ...formatReceipt(receipt), cumulativeGasUsed: null }],
    [
      'a log with logIndex null',
      { ...formatReceipt(creationReceipt), logs: [{ ...formatLog(log), logIndex: null }] },
    ],
  ])('error: %s fails validation', (_case, wrong) => {
    expectInvalid('eth_getTransactionReceipt', wrong);
  });
});

describe(formatLog.name, () => {
  it('default', () => {
    expectValidResult('eth_getLogs', [formatLog(log)]);
  });

  it('args: several logs, and none', () => {
    expectValidResult('eth_getFilterLogs', [formatLog(log), formatLog({ ...log, logIndex: 1 })]);
    expectValidResult('eth_getLogs', []);
  });

  it.each<[string, unknown]>([
    ['logIndex null', { ...formatLog(log), logIndex: null }],
    ['an extra property', { ...formatLog(log), logPosition: '0x0' }],
    ['a short topic', { ...formatLog(log), topics: ['0x1234'] }],
  ])('error: %s fails validation', (_case, wrong) => {
    expectInvalid('eth_getLogs', [wrong]);
  });
});
