import { decodeParams } from '../decode-params';
import {
  EthGetBlockByHashParams,
  EthGetBlockByNumberParams,
  EthGetBlockReceiptsParams,
} from './block.params';
import { messageOf } from '../../testing/thrown-message';

const HASH = `0x${'ab'.repeat(32)}`;

describe(EthGetBlockByNumberParams.name, () => {
  it('default', () => {
    expect(decodeParams(EthGetBlockByNumberParams, ['0x1b4', true])).toEqual({
      block: { kind: 'number', number: 0x1b4n },
      hydrated: true,
    });
  });

  it.each([
    [['latest'], 'missing value for required argument 1'],
    [['latest', 'true'], 'invalid argument 1: json: cannot unmarshal string into Go value of type bool'],
    [[HASH, false], 'invalid argument 0: hex number > 64 bits'],
    [
      [{ blockNumber: '0x1' }, false],
      'invalid argument 0: json: cannot unmarshal object into Go value of type rpc.BlockNumber',
    ],
  ])('error: %j', (params, message) => {
    expect(messageOf(() => decodeParams(EthGetBlockByNumberParams, params))).toBe(message);
  });
});

describe(EthGetBlockByHashParams.name, () => {
  it('default', () => {
    expect(decodeParams(EthGetBlockByHashParams, [HASH, false])).toEqual({
      blockHash: HASH,
      hydrated: false,
    });
  });
});

describe(EthGetBlockReceiptsParams.name, () => {
  it('default', () => {
    expect(decodeParams(EthGetBlockReceiptsParams, [HASH]).block).toEqual({
      kind: 'hash',
      hash: HASH,
      requireCanonical: false,
    });
    expect(decodeParams(EthGetBlockReceiptsParams, ['finalized']).block).toEqual({
      kind: 'tag',
      tag: 'finalized',
    });
  });
});
