import { decodeParams } from '../decode-params';
import { TransactionSendDto } from './objects/transaction.dto';
import { EthSendRawTransactionParams, EthSendTransactionParams } from './send.params';
import { messageOf } from '../../testing/thrown-message';

const FROM = '0x52908400098527886e0f7030069857d2e4169ee7';

describe(EthSendTransactionParams.name, () => {
  it('default', () => {
    const { transaction } = decodeParams(EthSendTransactionParams, [
      { from: FROM, gas: '0x5208', nonce: '0x0' },
    ]);
    expect(transaction).toBeInstanceOf(TransactionSendDto);
    expect(transaction).toMatchObject({ from: FROM, gas: 21000n, nonce: 0n });
  });

  it('args: gasLimit is an alias of gas', () => {
    const { transaction } = decodeParams(EthSendTransactionParams, [{ from: FROM, gasLimit: '0x5208' }]);
    expect(transaction.gas).toBe(21000n);
    expect(transaction.gasLimit).toBeUndefined();
    expect(decodeParams(EthSendTransactionParams, [{ gas: '0x1', gasLimit: '0x1' }]).transaction.gas).toBe(
      1n,
    );
  });

  it.each([
    [
      [{ gas: '0x1', gasLimit: '0x2' }],
      'invalid argument 0: both "gas" and "gasLimit" are set and not equal',
    ],
    [[{ gasLimit: '21000' }], 'invalid argument 0: gasLimit: hex string without 0x prefix'],
    [[{ value: `0x1${'0'.repeat(64)}` }], 'invalid argument 0: value: hex number > 256 bits'],
  ])('error: %j', (params, message) => {
    expect(messageOf(() => decodeParams(EthSendTransactionParams, params))).toBe(message);
  });
});

describe(EthSendRawTransactionParams.name, () => {
  it('default', () => {
    expect(decodeParams(EthSendRawTransactionParams, ['0x02f8']).transaction).toEqual(
      Uint8Array.from([2, 0xf8]),
    );
  });

  it.each([
    [['0x2f8'], 'invalid argument 0: hex string of odd length'],
    [['02f8'], 'invalid argument 0: hex string without 0x prefix'],
    [[{}], 'invalid argument 0: json: cannot unmarshal non-string into Go value of type hexutil.Bytes'],
  ])('error: %j', (params, message) => {
    expect(messageOf(() => decodeParams(EthSendRawTransactionParams, params))).toBe(message);
  });
});
