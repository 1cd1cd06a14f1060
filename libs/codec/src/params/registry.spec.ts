import fc from 'fast-check';
import { InvalidParamsError } from '../errors/rpc-errors';
import { decodeParams } from './decode-params';
import { TransactionCallDto } from './eth/objects/transaction.dto';
import { NoParams } from './no-params';
import { paramSpecs } from './param-index';
import { PARAMS_DTOS, findParamsDto } from './registry';

const ADDRESS = '0x52908400098527886e0f7030069857d2e4169ee7';
const HASH = `0x${'ab'.repeat(32)}`;
const RAW_KEY = '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';

// Values that pass individual codecs, so random params also reach nested objects and later
// positions instead of failing at the first argument every time.
const plausibleAtom = fc.constantFrom<unknown>(
  ADDRESS,
  HASH,
  '0x',
  '0x0',
  '0x1',
  '0x01',
  'latest',
  'logs',
  'newHeads',
  'newPendingTransactions',
  true,
  50,
  null,
  RAW_KEY,
);
const FIELD_NAMES = [
  'from',
  'to',
  'gas',
  'gasLimit',
  'value',
  'input',
  'data',
  'accessList',
  'address',
  'storageKeys',
  'blockHash',
  'blockNumber',
  'requireCanonical',
  'fromBlock',
  'toBlock',
  'topics',
  'state',
  'stateDiff',
  'blockStateCalls',
  'calls',
  'blockOverrides',
  'stateOverrides',
  'authorizationList',
  '__proto__',
  'constructor',
];
const { value: plausible } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    plausibleAtom,
    fc.jsonValue({ maxDepth: 2 }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES, ADDRESS, HASH), fc.string()), tie('value'), {
      maxKeys: 5,
    }),
  ),
}));

describe('PARAMS_DTOS', () => {
  const entries: [string, new () => object][] = Object.entries(PARAMS_DTOS);

  it('default', () => {
    expect(findParamsDto('eth_getBalance')).toBe(PARAMS_DTOS.eth_getBalance);
    expect(findParamsDto('eth_blockNumber')).toBeUndefined();
    expect(findParamsDto('toString')).toBeUndefined();
    for (const [method, dto] of entries) {
      const pascal = method.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
      expect(dto.name).toBe(`${pascal}Params`);
      expect(paramSpecs(dto).length).toBeGreaterThan(0);
    }
  });

  it('behavior: arbitrary JSON params decode or throw InvalidParamsError, never anything else', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...entries),
        fc.oneof(fc.jsonValue(), fc.array(plausible, { maxLength: 5 })),
        ([, dto], raw) => {
          try {
            decodeParams(dto, raw);
          } catch (error) {
            if (!(error instanceof InvalidParamsError)) throw error;
            expect(error.message).toMatch(
              /^(non-array args|too many arguments, want at most \d+|missing value for required argument \d+|invalid argument \d+: .+)$/,
            );
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('behavior: __proto__ keys never replace a DTO prototype', () => {
    const raw: unknown = JSON.parse('[{"__proto__": {"gas": "0x01"}, "gas": "0x1"}]');
    const params = decodeParams(PARAMS_DTOS.eth_call, raw);
    expect(params.transaction.gas).toBe(1n);
    expect(Object.getPrototypeOf(params.transaction)).toBe(TransactionCallDto.prototype);
  });

  it('behavior: NoParams takes none', () => {
    expect(() => decodeParams(NoParams, [1])).toThrow('too many arguments, want at most 0');
  });
});
