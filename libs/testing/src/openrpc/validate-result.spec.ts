import Ajv2019 from 'ajv/dist/2019';
import { existsSync } from 'node:fs';
import { EXECUTION_APIS_DOCUMENT_PATH } from './load-document';
import {
  expectValidComponent,
  expectValidResult,
  hasResultSchema,
  validateComponent,
  validateResult,
} from './validate-result';

const HASH = `0x${'ab'.repeat(32)}`;

describe(validateResult.name, () => {
  it('default', () => {
    expect(validateResult('eth_blockNumber', '0x1b4')).toStrictEqual({ valid: true, errors: '' });
    expect(validateResult('net_version', '9000')).toStrictEqual({ valid: true, errors: '' });
  });

  it('args: a not-found result is null where the schema allows it', () => {
    expect(validateResult('eth_getBlockByNumber', null).valid).toBe(true);
    expect(validateResult('eth_getTransactionReceipt', null).valid).toBe(true);
    expect(validateResult('eth_blockNumber', null).valid).toBe(false);
  });

  it('behavior: the document is vendored in the package', () => {
    expect(existsSync(EXECUTION_APIS_DOCUMENT_PATH)).toBe(true);
  });

  it('behavior: an empty eth_getLogs answer is valid (FilterResults amendment)', () => {
    expect(validateResult('eth_getLogs', []).valid).toBe(true);
    expect(validateResult('eth_getFilterChanges', [HASH]).valid).toBe(true);
    expect(validateResult('eth_getLogs', [{ logIndex: null }]).valid).toBe(false);
  });

  it('behavior: each schema is compiled once', () => {
    const compile = jest.spyOn(Ajv2019.prototype, 'compile');
    try {
      validateResult('eth_gasPrice', '0x1');
      const afterFirst = compile.mock.calls.length;
      validateResult('eth_gasPrice', '0x2');
      validateResult('eth_gasPrice', 'bad');
      expect(compile.mock.calls.length).toBe(afterFirst);
      expect(afterFirst).toBeLessThanOrEqual(1);
    } finally {
      compile.mockRestore();
    }
  });

  it('behavior: the deepest failure comes first, without the not-found branch', () => {
    const receipt = { transactionHash: HASH, logs: [{ transactionHash: HASH, logIndex: null }] };
    const lines = validateResult('eth_getTransactionReceipt', receipt).errors.split('\n');
    expect(lines[0]).toBe(
      'result/logs/0/logIndex: must be string (found null) [#/components/schemas/uint/type]',
    );
    expect(lines).not.toContainEqual(expect.stringContaining('must be null'));
  });

  it('error: a method without a result schema never passes', () => {
    expect(hasResultSchema('net_listening')).toBe(false);
    expect(hasResultSchema('eth_blockNumber')).toBe(true);
    expect(validateResult('net_listening', true)).toStrictEqual({
      valid: false,
      errors:
        'net_listening has no result schema in execution-apis.openrpc.json: nothing to validate against',
    });
  });

  it('error: the message names the field, the value found and the rule', () => {
    const outcome = validateResult('eth_blockNumber', '0x01');
    expect(outcome.valid).toBe(false);
    expect(outcome.errors).toBe(
      'result: must match pattern "^0x(0|[1-9a-f][0-9a-f]*)$" (found "0x01") [#/methods/3/result/schema/pattern]',
    );
  });
});

describe(expectValidResult.name, () => {
  it('default', () => {
    expect(() => expectValidResult('eth_chainId', '0x2328')).not.toThrow();
  });

  it('error: throws with the method and every failing rule', () => {
    expect(() => expectValidResult('eth_getTransactionReceipt', { transactionHash: HASH, extra: 1 })).toThrow(
      /^eth_getTransactionReceipt result fails the execution-apis schema:\n(.|\n)*result: must have required property 'blockHash'(.|\n)*result: must NOT have additional property 'extra'/,
    );
    expect(() => expectValidResult('txpool_status', {})).toThrow('txpool_status has no result schema');
  });
});

describe(validateComponent.name, () => {
  it('default', () => {
    expect(validateComponent('TxpoolStatus', { pending: '0x1', queued: '0x0' }).valid).toBe(true);
    expect(() => expectValidComponent('hash32', HASH)).not.toThrow();
  });

  it('error: an unknown component or a wrong value', () => {
    expect(validateComponent('NoSuchSchema', {})).toStrictEqual({
      valid: false,
      errors: 'execution-apis.openrpc.json has no component schema NoSuchSchema',
    });
    expect(() => expectValidComponent('hash32', '0x12')).toThrow(
      'value fails the execution-apis schema hash32:\nresult: must match pattern',
    );
  });
});
