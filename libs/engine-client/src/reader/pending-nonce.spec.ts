import { pendingNonce } from './pending-nonce';

const ALICE = '0x00000000000000000000000000000000000000a1';
const BOB = '0x00000000000000000000000000000000000000b0';

describe(pendingNonce.name, () => {
  it('default: the committed nonce when the sender has nothing pending', () => {
    expect(pendingNonce(4n, ALICE, [{ from: BOB, nonce: 4n }])).toBe(4n);
  });

  it('behavior: consecutive pending txs advance it, in any mempool order', () => {
    const mempool = [
      { from: ALICE, nonce: 5n },
      { from: BOB, nonce: 0n },
      { from: ALICE, nonce: 4n },
    ];
    expect(pendingNonce(4n, ALICE, mempool)).toBe(6n);
  });

  it('behavior: a tx after a nonce gap is not counted', () => {
    expect(
      pendingNonce(4n, ALICE, [
        { from: ALICE, nonce: 4n },
        { from: ALICE, nonce: 6n },
      ]),
    ).toBe(5n);
  });

  it('args: the sender may be given in any letter case', () => {
    expect(pendingNonce(0n, ALICE.toUpperCase().replace('0X', '0x'), [{ from: ALICE, nonce: 0n }])).toBe(1n);
  });
});
