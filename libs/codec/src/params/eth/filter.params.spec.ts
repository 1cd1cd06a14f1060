import { decodeParams } from '../decode-params';
import { EthGetFilterChangesParams, EthGetLogsParams } from './filter.params';
import { FilterDto } from './objects/filter.dto';
import { messageOf } from '../../testing/thrown-message';

const A = '0x52908400098527886e0f7030069857d2e4169ee7';
const T = `0x${'11'.repeat(32)}`;

describe(EthGetLogsParams.name, () => {
  it('default', () => {
    const { filter } = decodeParams(EthGetLogsParams, [
      { fromBlock: '0x1', toBlock: 'latest', address: A, topics: [T, null, [T, T]] },
    ]);
    expect(filter).toBeInstanceOf(FilterDto);
    expect(filter).toEqual({
      fromBlock: { kind: 'number', number: 1n },
      toBlock: { kind: 'tag', tag: 'latest' },
      blockHash: undefined,
      address: [A],
      topics: [[T], null, [T, T]],
    });
  });

  it('args: empty filter, block hash, address list', () => {
    expect(decodeParams(EthGetLogsParams, [{}]).filter).toEqual({});
    expect(decodeParams(EthGetLogsParams, [{ blockHash: T, address: [A, A] }]).filter).toMatchObject({
      blockHash: T,
      address: [A, A],
    });
  });

  it.each([
    [[], 'missing value for required argument 0'],
    [
      ['latest'],
      'invalid argument 0: json: cannot unmarshal string into Go value of type filters.FilterCriteria',
    ],
    [
      [{ blockHash: T, fromBlock: '0x1' }],
      'invalid argument 0: cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other',
    ],
    [
      [{ fromBlock: 1 }],
      'invalid argument 0: fromBlock: json: cannot unmarshal number into Go value of type rpc.BlockNumber',
    ],
    [[{ address: [A, 1] }], 'invalid argument 0: address: non-string address at index 1'],
    [[{ topics: [T, T, T, T, T] }], 'invalid argument 0: topics: exceed max topics'],
    [[{ topics: [[T, 5]] }], 'invalid argument 0: topics: invalid topic(s)'],
    [[{}, {}], 'too many arguments, want at most 1'],
  ])('error: %j', (params, message) => {
    expect(messageOf(() => decodeParams(EthGetLogsParams, params))).toBe(message);
  });
});

describe(EthGetFilterChangesParams.name, () => {
  it('default', () => {
    expect(decodeParams(EthGetFilterChangesParams, ['0xABC']).filterId).toBe('0xabc');
  });

  it('error: not a quantity', () => {
    expect(messageOf(() => decodeParams(EthGetFilterChangesParams, ['0x0abc']))).toBe(
      'invalid argument 0: hex number with leading zero digits',
    );
  });
});
