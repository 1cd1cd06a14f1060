import { decodeParams } from '../decode-params';
import { FilterDto } from './objects/filter.dto';
import { EthSubscribeParams, EthUnsubscribeParams } from './subscribe.params';
import { messageOf } from '../../testing/thrown-message';

const A = '0x52908400098527886e0f7030069857d2e4169ee7';

describe(EthSubscribeParams.name, () => {
  it('default', () => {
    expect(decodeParams(EthSubscribeParams, ['newHeads'])).toEqual({ kind: 'newHeads', options: undefined });
  });

  it('args: options by kind', () => {
    const logs = decodeParams(EthSubscribeParams, ['logs', { address: A }]);
    expect(logs.options).toBeInstanceOf(FilterDto);
    expect(logs.options).toMatchObject({ address: [A] });
    expect(decodeParams(EthSubscribeParams, ['logs']).options).toBeUndefined();
    expect(decodeParams(EthSubscribeParams, ['newPendingTransactions', true]).options).toBe(true);
    expect(decodeParams(EthSubscribeParams, ['syncing']).kind).toBe('syncing');
  });

  it.each([
    [['newBlocks'], 'invalid argument 0: no "newBlocks" subscription in eth namespace'],
    [['newBlocks', {}], 'invalid argument 0: no "newBlocks" subscription in eth namespace'],
    [[1], 'invalid argument 0: json: cannot unmarshal number into Go value of type string'],
    [['newHeads', {}], 'too many arguments, want at most 1'],
    [['syncing', true], 'too many arguments, want at most 1'],
    [['logs', { address: '0x1' }], 'invalid argument 1: address: invalid address: hex string of odd length'],
    [
      ['logs', true],
      'invalid argument 1: json: cannot unmarshal bool into Go value of type filters.FilterCriteria',
    ],
    [
      ['newPendingTransactions', {}],
      'invalid argument 1: json: cannot unmarshal object into Go value of type bool',
    ],
    [[], 'missing value for required argument 0'],
  ])('error: %j', (params, message) => {
    expect(messageOf(() => decodeParams(EthSubscribeParams, params))).toBe(message);
  });
});

describe(EthUnsubscribeParams.name, () => {
  it('default', () => {
    expect(decodeParams(EthUnsubscribeParams, ['0x9cef478923ff08bf67fde6c64013158d']).subscriptionId).toBe(
      '0x9cef478923ff08bf67fde6c64013158d',
    );
  });
});
