// Vectors from cometbft v0.38 types/vote_test.go TestVoteSignBytesTestVectors.
import { GO_ZERO_TIME } from '../comet';
import { voteSignBytes } from './canonical-vote';

const NIL_BLOCK = { hash: new Uint8Array(), parts: { total: 0, hash: new Uint8Array() } };
const ZERO_TIME = [0x2a, 0xb, 0x8, 0x80, 0x92, 0xb8, 0xc3, 0x98, 0xfe, 0xff, 0xff, 0xff, 0x1];
const ONE_FIXED64 = [0x1, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0];

describe(voteSignBytes.name, () => {
  it('default: precommit at height 1 round 1 (vector 1)', () => {
    const bytes = voteSignBytes({
      chainId: '',
      height: 1n,
      round: 1,
      blockId: NIL_BLOCK,
      timestamp: GO_ZERO_TIME,
    });
    expect([...bytes]).toEqual([0x21, 0x8, 0x2, 0x11, ...ONE_FIXED64, 0x19, ...ONE_FIXED64, ...ZERO_TIME]);
  });

  it('args: unknown type and a chain id (vector 4)', () => {
    const bytes = voteSignBytes({
      type: 0,
      chainId: 'test_chain_id',
      height: 1n,
      round: 1,
      blockId: NIL_BLOCK,
      timestamp: GO_ZERO_TIME,
    });
    expect([...bytes]).toEqual([
      0x2e,
      0x11,
      ...ONE_FIXED64,
      0x19,
      ...ONE_FIXED64,
      ...ZERO_TIME,
      0x32,
      0xd,
      ...Buffer.from('test_chain_id'),
    ]);
  });

  it('args: the empty vote (vector 0)', () => {
    const bytes = voteSignBytes({
      type: 0,
      chainId: '',
      height: 0n,
      round: 0,
      blockId: NIL_BLOCK,
      timestamp: GO_ZERO_TIME,
    });
    expect([...bytes]).toEqual([0xd, ...ZERO_TIME]);
  });
});
