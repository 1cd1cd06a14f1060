import { hasBothFeeStyles, parseTransactionArgs } from './transaction-args';

const ADDRESS = `0x${'ab'.repeat(20)}`;
const parse = (json: string) => parseTransactionArgs(Buffer.from(json));
const errorOf = (json: string): string => {
  try {
    parse(json);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${json} parsed`);
};
const typeError = (value: string, field: string, type: string) =>
  `json: cannot unmarshal ${value} into Go struct field TransactionArgs.${field} of type ${type}`;

describe(parseTransactionArgs.name, () => {
  it('default', () => {
    const args = parse(
      JSON.stringify({
        from: ADDRESS.toUpperCase().replace('0X', '0x'),
        to: ADDRESS,
        gas: '0x5208',
        maxFeePerGas: '0x3b9aca00',
        maxPriorityFeePerGas: '0x1',
        value: '0xde0b6b3a7640000',
        nonce: '0x7',
        data: '0xabcd',
        accessList: [{ address: ADDRESS, storageKeys: [`0x${'00'.repeat(31)}01`] }],
        chainId: '0x2328',
      }),
    );
    expect(args).toEqual({
      from: ADDRESS,
      to: ADDRESS,
      gas: 21000n,
      maxFeePerGas: 1_000_000_000n,
      maxPriorityFeePerGas: 1n,
      value: 10n ** 18n,
      data: Uint8Array.from([0xab, 0xcd]),
      accessList: [{ address: ADDRESS, storageKeys: [`0x${'00'.repeat(31)}01`] }],
    });
  });

  it('behavior: input wins over data, null and unknown keys are ignored, keys match in any case', () => {
    expect(parse('{"data":"0x01","input":"0x02","to":null,"what":1,"GAS":"0x10"}')).toEqual({
      data: Uint8Array.from([2]),
      gas: 16n,
    });
    expect(parse('null')).toEqual({});
    expect(parse('{"data":"0x","value":""}')).toEqual({ data: new Uint8Array(), value: 0n });
  });

  it('behavior: the fee-style check of ToMessage', () => {
    expect(hasBothFeeStyles(parse('{"gasPrice":"0x1","maxPriorityFeePerGas":"0x1"}'))).toBe(true);
    expect(hasBothFeeStyles(parse('{"gasPrice":"0x1"}'))).toBe(false);
  });

  it.each([
    ['', 'unexpected end of JSON input'],
    ['[]', 'json: cannot unmarshal array into Go value of type types.TransactionArgs'],
    ['{"from":"0x12"}', 'hex string has length 2, want 40 for common.Address'],
    [`{"to":"${'ab'.repeat(20)}"}`, typeError('hex string without 0x prefix', 'to', 'common.Address')],
    ['{"gas":21000}', typeError('non-string', 'gas', 'hexutil.Uint64')],
    ['{"gas":"0x"}', typeError('hex string "0x"', 'gas', 'hexutil.Uint64')],
    ['{"gas":"0x01"}', typeError('hex number with leading zero digits', 'gas', 'hexutil.Uint64')],
    ['{"nonce":"0x10000000000000000"}', typeError('hex number > 64 bits', 'nonce', 'hexutil.Uint64')],
    ['{"value":"0xzz"}', typeError('invalid hex string', 'value', '*hexutil.Big')],
    ['{"data":"0x123"}', typeError('hex string of odd length', 'data', 'hexutil.Bytes')],
    ['{"accessList":"x"}', typeError('string', 'accessList', 'types.AccessList')],
    ['{"accessList":[1]}', typeError('number', 'accessList', 'types.AccessTuple')],
    [`{"accessList":[{"address":"${ADDRESS}"}]}`, "missing required field 'storageKeys' for AccessTuple"],
    ['{"accessList":[null]}', "missing required field 'address' for AccessTuple"],
    // A mismatch Go only saves loses to an error an Unmarshaler returns later.
    ['{"accessList":"x","gas":1}', typeError('non-string', 'gas', 'hexutil.Uint64')],
  ])('error: %s', (json, message) => {
    expect(errorOf(json)).toBe(message);
  });
});
