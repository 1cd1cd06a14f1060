// failedFields against class-validator's own validateSync: the same failing properties, in the same order,
// with the same messages, for the DTOs with the most rules (optional fields, codecs, cross-field rules, a
// subclass adding rules to its parent's); and a rule it does not apply is refused, not skipped.
import { IsDefined, getMetadataStorage, validateSync } from 'class-validator';
import { FilterDto, TransactionCallDto, TransactionSendDto } from './eth/objects';
import { EthCallParams } from './eth/execution.params';
import { failedFields } from './field-rules';
import { IsString } from './validators';

type Dto = new () => object;

/** A fresh instance of `dto` holding `fields` as the wire gave them (as decodeObject copies them). */
function holding(dto: Dto, fields: Record<string, unknown>): object {
  return Object.assign(new dto(), fields);
}

function byValidateSync(instance: object): { property: string; constraints: Record<string, string> }[] {
  return validateSync(instance, { forbidUnknownValues: false }).map((error) => ({
    property: error.property,
    constraints: error.constraints ?? {},
  }));
}

const CALLER = '0x' + '11'.repeat(20);
const HASH = '0x' + 'ab'.repeat(32);

const CASES: [string, Dto, Record<string, unknown>][] = [
  ['a valid call', TransactionCallDto, { from: CALLER, to: CALLER, data: '0x1234', gas: '0x5208' }],
  ['an empty call', TransactionCallDto, {}],
  ['nulls for optional fields', TransactionCallDto, { from: null, to: null, value: null }],
  ['bad fields in declaration order', TransactionCallDto, { to: '0x12', gas: 'lots', value: -1, data: 'zz' }],
  ['data and input that disagree', TransactionCallDto, { data: '0x01', input: '0x02' }],
  [
    'a send with a bad nonce, gas and gasLimit disagreeing (subclass rule)',
    TransactionSendDto,
    { nonce: 'x', gas: '0x1', gasLimit: '0x2' },
  ],
  [
    'a valid filter',
    FilterDto,
    { fromBlock: '0x1', toBlock: 'latest', address: CALLER, topics: [null, HASH] },
  ],
  ['blockHash with fromBlock', FilterDto, { blockHash: HASH, fromBlock: '0x1' }],
  ['bad topics and address', FilterDto, { topics: 'x', address: 7 }],
  ['eth_call params, both given', EthCallParams, { transaction: { to: CALLER }, block: 'latest' }],
  ['eth_call params, a bad block and a bad call', EthCallParams, { transaction: { to: 5 }, block: 'soon' }],
  ['eth_call params, none given', EthCallParams, {}],
];

describe(failedFields.name, () => {
  it.each(CASES)('behavior: %s: the failures validateSync gives', (_what, dto, fields) => {
    expect(failedFields(holding(dto, fields))).toEqual(byValidateSync(holding(dto, fields)));
  });

  it('behavior: the cases include failures, so the comparison is not between two empty lists', () => {
    const failing = CASES.filter(([, dto, fields]) => failedFields(holding(dto, fields)).length > 0);
    expect(failing.length).toBeGreaterThanOrEqual(6);
  });

  it("behavior: a class's plan is made once: a later call asks the storage nothing", () => {
    failedFields(holding(TransactionCallDto, {}));
    const storage = getMetadataStorage();
    const constraints = jest.spyOn(storage, 'getTargetValidatorConstraints');
    const rules = jest.spyOn(storage, 'getTargetValidationMetadatas');
    try {
      failedFields(holding(TransactionCallDto, { to: '0x12' }));
      expect([constraints, rules].map((lookup) => lookup.mock.calls.length)).toEqual([0, 0]);
    } finally {
      constraints.mockRestore();
      rules.mockRestore();
    }
  });

  it('behavior: a class with rules defined after plans were made is judged by its own and inherited rules', () => {
    failedFields(holding(TransactionCallDto, {}));
    class LaterCall extends TransactionCallDto {
      @IsString() memo!: unknown;
    }
    const fields = { to: '0x12', memo: 7 };
    expect(failedFields(holding(LaterCall, fields))).toEqual(byValidateSync(holding(LaterCall, fields)));
    // Its own rule and the inherited one (class-validator lists the subclass's first).
    expect(failedFields(holding(LaterCall, fields)).map((error) => error.property)).toEqual(['memo', 'to']);
    // The plans made before it still judge their classes as validateSync does.
    expect(failedFields(holding(TransactionCallDto, fields))).toEqual(
      byValidateSync(holding(TransactionCallDto, fields)),
    );
  });

  it('error: a kind of rule it does not apply (IsDefined) is refused with the class and property named', () => {
    class Defined {
      @IsDefined() value?: string;
    }
    expect(() => failedFields(new Defined())).toThrow(
      'Defined.value: a kind of rule field-rules does not apply',
    );
  });
});
