import { decodeParams } from '../decode-params';
import { EthCallParams, EthEstimateGasParams, EthSimulateV1Params } from './execution.params';
import { TransactionCallDto } from './objects/transaction.dto';
import { messageOf } from '../../testing/thrown-message';

const FROM = '0x52908400098527886e0f7030069857d2e4169ee7';
const TO = '0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae';
const HASH = `0x${'ab'.repeat(32)}`;

describe(EthCallParams.name, () => {
  it('default', () => {
    const params = decodeParams(EthCallParams, [
      { from: FROM, to: TO, gas: '0x5208', value: '0xde0b6b3a7640000', input: '0xabcd' },
      'latest',
    ]);
    expect(params.transaction).toBeInstanceOf(TransactionCallDto);
    expect(params.transaction).toMatchObject({
      from: FROM,
      to: TO,
      gas: 21000n,
      value: 10n ** 18n,
      input: Uint8Array.from([0xab, 0xcd]),
      data: undefined,
    });
    expect(params.block).toEqual({ kind: 'tag', tag: 'latest' });
  });

  it('args: EIP-1898 block and no block', () => {
    expect(
      decodeParams(EthCallParams, [{ to: TO }, { blockHash: HASH, requireCanonical: true }]).block,
    ).toEqual({
      kind: 'hash',
      hash: HASH,
      requireCanonical: true,
    });
    expect(decodeParams(EthCallParams, [{ to: TO }]).block).toBeUndefined();
  });

  it('args: `data` is folded into `input`; unknown keys and null `to` are ignored', () => {
    const { transaction } = decodeParams(EthCallParams, [
      { to: null, data: '0x01', gasLimit: '0x1', foo: 1 },
    ]);
    expect(transaction.input).toEqual(Uint8Array.from([1]));
    expect(transaction.data).toBeUndefined();
    expect(transaction.to).toBeUndefined();
    expect(transaction).not.toHaveProperty('foo');
    expect(transaction).not.toHaveProperty('gasLimit');
  });

  it('args: state and block overrides', () => {
    const slot = `0x${'0'.repeat(63)}1`;
    const params = decodeParams(EthCallParams, [
      { to: TO },
      'latest',
      { [TO.toUpperCase().replace('0X', '0x')]: { balance: '0x1', stateDiff: { [slot]: HASH } } },
      { number: '0x10', feeRecipient: FROM },
    ]);
    const override = params.stateOverrides?.get(TO);
    expect(override?.balance).toBe(1n);
    expect(override?.stateDiff?.get(slot)).toBe(HASH);
    expect(params.blockOverrides).toMatchObject({ number: 16n, feeRecipient: FROM });
  });

  it('args: access and authorization lists', () => {
    const { transaction } = decodeParams(EthCallParams, [
      {
        accessList: [{ address: TO, storageKeys: [HASH] }],
        authorizationList: [
          { chainId: '0x1', nonce: '0x0', address: TO, yParity: '0x1', r: '0x1', s: '0x2' },
        ],
        type: '0x04',
      },
    ]);
    expect(transaction.accessList).toEqual([{ address: TO, storageKeys: [HASH] }]);
    expect(transaction.authorizationList?.[0]).toMatchObject({ chainId: 1n, yParity: 1, s: 2n });
    expect(transaction.type).toBe(4);
  });

  it.each([
    [
      ['0x1'],
      'invalid argument 0: json: cannot unmarshal string into Go value of type ethapi.TransactionArgs',
    ],
    [[[]], 'invalid argument 0: json: cannot unmarshal array into Go value of type ethapi.TransactionArgs'],
    [[{ gas: '0x01' }], 'invalid argument 0: gas: hex number with leading zero digits'],
    [
      [{ gas: 21000 }],
      'invalid argument 0: gas: json: cannot unmarshal non-string into Go value of type hexutil.Uint64',
    ],
    [[{ to: '0x1234' }], 'invalid argument 0: to: hex string has length 4, want 40 for common.Address'],
    [
      [{ accessList: [{ address: TO, storageKeys: [HASH, '0x12'] }] }],
      'invalid argument 0: accessList[0].storageKeys[1]: hex string has length 2, want 64 for common.Hash',
    ],
    [
      [{ accessList: [{ storageKeys: [] }] }],
      'invalid argument 0: accessList[0].address: missing required field',
    ],
    [
      [{ input: '0x01', data: '0x02' }],
      'invalid argument 0: both "data" and "input" are set and not equal. Please use "input" to pass transaction call data',
    ],
    [[{ to: TO }, 'newest'], 'invalid argument 1: hex string without 0x prefix'],
    [[{ to: TO }, 'latest', { nope: {} }], 'invalid argument 2: [nope]: hex string without 0x prefix'],
    [[{ to: TO }, 'latest', {}, { time: '0x' }], 'invalid argument 3: time: hex string "0x"'],
    [[{ to: TO }, 'latest', {}, {}, {}], 'too many arguments, want at most 4'],
    [[], 'missing value for required argument 0'],
  ])('error: %j', (params, message) => {
    expect(messageOf(() => decodeParams(EthCallParams, params))).toBe(message);
  });

  it('behavior: same data and input are accepted', () => {
    expect(decodeParams(EthCallParams, [{ input: '0xAB', data: '0xab' }]).transaction.input).toEqual(
      Uint8Array.from([0xab]),
    );
  });
});

describe(EthEstimateGasParams.name, () => {
  it('default', () => {
    expect(decodeParams(EthEstimateGasParams, [{ from: FROM, to: TO }]).transaction.from).toBe(FROM);
  });

  it('error: no fourth argument', () => {
    expect(messageOf(() => decodeParams(EthEstimateGasParams, [{}, 'latest', {}, {}]))).toBe(
      'too many arguments, want at most 3',
    );
  });
});

describe(EthSimulateV1Params.name, () => {
  it('default', () => {
    const params = decodeParams(EthSimulateV1Params, [
      {
        blockStateCalls: [
          {
            blockOverrides: { time: '0x2' },
            stateOverrides: { [FROM]: { balance: '0x10' } },
            calls: [{ from: FROM, to: TO }],
          },
        ],
        validation: true,
      },
      'latest',
    ]);
    const [block] = params.payload.blockStateCalls;
    expect(block?.blockOverrides?.time).toBe(2n);
    expect(block?.stateOverrides?.get(FROM)?.balance).toBe(16n);
    expect(block?.calls?.[0]).toBeInstanceOf(TransactionCallDto);
    expect(params.payload.validation).toBe(true);
  });

  it('error: names the nested path', () => {
    expect(
      messageOf(() =>
        decodeParams(EthSimulateV1Params, [{ blockStateCalls: [{ calls: [{ value: '1' }] }] }]),
      ),
    ).toBe('invalid argument 0: blockStateCalls[0].calls[0].value: hex string without 0x prefix');
    expect(messageOf(() => decodeParams(EthSimulateV1Params, [{}]))).toBe(
      'invalid argument 0: blockStateCalls: missing required field',
    );
  });
});
