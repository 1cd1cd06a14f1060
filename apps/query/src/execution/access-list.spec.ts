import type { Hex } from '@photon/types';
import {
  type AccessList,
  AccessListUnsettledError,
  PRECOMPILES,
  prestateTouched,
  seedAccessList,
  settleAccessList,
} from './access-list';

const address = (byte: string): Hex => `0x${byte.repeat(20)}`;
const slot = (n: number): Hex => `0x${n.toString(16).padStart(64, '0')}`;
const FROM = address('aa');
const TOKEN = address('bb');
const OTHER = address('cc');
const EXCLUDED: ReadonlySet<Hex> = new Set([FROM, TOKEN, ...PRECOMPILES]);

/** A prestateTracer answer naming these accounts and slots. */
const prestate = (accounts: Record<string, number[]>): unknown =>
  Object.fromEntries(
    Object.entries(accounts).map(([account, slots]) => [
      account,
      {
        balance: '0x0',
        ...(slots.length === 0 ? {} : { storage: Object.fromEntries(slots.map((n) => [slot(n), slot(0)])) }),
      },
    ]),
  );

describe(settleAccessList.name, () => {
  it('default: slots of the recipient are listed, the sender and recipient themselves are not', async () => {
    const runs: AccessList[] = [];
    const list = await settleAccessList(
      [],
      EXCLUDED,
      (applied) => {
        runs.push(applied);
        return Promise.resolve(prestate({ [FROM]: [], [TOKEN]: [2, 1] }));
      },
      16,
    );
    expect(list).toEqual([{ address: TOKEN, storageKeys: [slot(1), slot(2)] }]);
    // The second run applied the list and touched nothing new: geth's stop.
    expect(runs).toEqual([[], list]);
  });

  it('behavior: a run that touches more with the list applied grows it again', async () => {
    const answers = [
      prestate({ [TOKEN]: [1] }),
      prestate({ [TOKEN]: [1], [OTHER]: [] }),
      prestate({ [TOKEN]: [1], [OTHER]: [] }),
    ];
    let run = 0;
    const list = await settleAccessList([], EXCLUDED, () => Promise.resolve(answers[run++]), 16);
    expect(run).toBe(3);
    expect(list).toEqual([
      { address: TOKEN, storageKeys: [slot(1)] },
      { address: OTHER, storageKeys: [] },
    ]);
  });

  it('args: the caller list seeds the first run, excluded accounts without slots dropped', async () => {
    const seed = seedAccessList(
      [
        { address: FROM.toUpperCase().replace('0X', '0x'), storageKeys: [] },
        { address: OTHER, storageKeys: ['0x05'] },
      ],
      EXCLUDED,
    );
    expect(seed).toEqual([{ address: OTHER, storageKeys: [slot(5)] }]);
    const applied: AccessList[] = [];
    await settleAccessList(
      seed,
      EXCLUDED,
      (list) => {
        applied.push(list);
        return Promise.resolve(prestate({}));
      },
      16,
    );
    expect(applied).toEqual([seed]);
  });

  it('behavior: precompiles reached by a call are not listed', async () => {
    const list = await settleAccessList(
      [],
      EXCLUDED,
      () => Promise.resolve(prestate({ [PRECOMPILES[0] as string]: [], [OTHER]: [] })),
      16,
    );
    expect(list).toEqual([{ address: OTHER, storageKeys: [] }]);
  });

  it('error: a list that keeps growing gives up after the bound', async () => {
    let n = 0;
    const growing = () => Promise.resolve(prestate({ [TOKEN]: [n++] }));
    await expect(settleAccessList([], EXCLUDED, growing, 3)).rejects.toThrow(AccessListUnsettledError);
  });
});

describe(prestateTouched.name, () => {
  it('error: an answer that is not an account map', () => {
    expect(() => prestateTouched([])).toThrow(/prestate trace/);
    expect(() => prestateTouched(null)).toThrow(/prestate trace/);
  });
});
