import type { EthTransactionRecord, Hex } from '@photon/types';
import { groupBySenderAndNonce, inspectLine } from './txpool-groups';

const ALICE: Hex = '0x90f8bf6a479f320ead074411a4b0e7944ea8c9c1';
const BOB: Hex = '0xffcf8fdee72ac11b5c542428b35eef5769c409f0';

const tx = (from: Hex, nonce: bigint, extra: Partial<EthTransactionRecord> = {}): EthTransactionRecord => {
  const partial: Partial<EthTransactionRecord> = {
    from,
    nonce,
    to: BOB,
    value: 1n,
    gas: 21_000n,
    gasPrice: 2n,
    ...extra,
  };
  return partial as EthTransactionRecord;
};

describe(groupBySenderAndNonce.name, () => {
  it('default: keyed by checksummed sender, then decimal nonce, in order', () => {
    const grouped = groupBySenderAndNonce([tx(ALICE, 10n), tx(BOB, 0n), tx(ALICE, 9n)], (t) => t.nonce);
    expect(grouped).toEqual({
      '0x90F8bf6A479f320ead074411a4B0e7944Ea8c9C1': { '9': 9n, '10': 10n },
      '0xFFcf8FDEE72ac11b5c542428B35EEF5769C409f0': { '0': 0n },
    });
    expect(Object.keys(grouped['0x90F8bf6A479f320ead074411a4B0e7944Ea8c9C1']!)).toEqual(['9', '10']);
  });

  it('behavior: an empty pool is an empty map', () => {
    expect(groupBySenderAndNonce([], (t) => t)).toEqual({});
  });
});

describe(inspectLine.name, () => {
  it('default: geth’s `<to>: <value> wei + <gas> gas × <price> wei`', () => {
    expect(inspectLine(tx(ALICE, 0n))).toBe(
      '0xFFcf8FDEE72ac11b5c542428B35EEF5769C409f0: 1 wei + 21000 gas × 2 wei',
    );
  });

  it('args: a creation says so', () => {
    expect(inspectLine(tx(ALICE, 0n, { to: null, value: 0n, gas: 500_000n }))).toBe(
      'contract creation: 0 wei + 500000 gas × 2 wei',
    );
  });
});
