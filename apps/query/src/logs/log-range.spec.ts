import { InvalidInputError, InvalidParamsError, type BlockNumberOrTag } from '@photon/codec';
import { type RangeChain, resolveLogRange } from './log-range';

const num = (n: bigint): BlockNumberOrTag => ({ kind: 'number', number: n });
const tag = (t: 'latest' | 'earliest' | 'pending' | 'safe' | 'finalized'): BlockNumberOrTag => ({
  kind: 'tag',
  tag: t,
});

/** A chain whose service head is `head` and whose engine is at `engine`; counts engine head reads. */
function chain(head: bigint, engine = head, earliest = 1n): RangeChain & { engineReads: number } {
  const c = {
    engineReads: 0,
    head: () => Promise.resolve(head),
    engineHead: () => {
      c.engineReads++;
      return Promise.resolve(engine);
    },
    earliest: () => Promise.resolve(earliest),
  };
  return c;
}

describe(resolveLogRange.name, () => {
  it('default: absent bounds are the latest block', async () => {
    expect(await resolveLogRange(undefined, undefined, chain(50n))).toEqual({ from: 50n, to: 50n });
  });

  it('args: tags read the head, earliest the first retained block, numbers themselves', async () => {
    expect(await resolveLogRange(tag('earliest'), tag('pending'), chain(50n, 50n, 7n))).toEqual({
      from: 7n,
      to: 50n,
    });
    expect(await resolveLogRange(num(3n), tag('safe'), chain(50n))).toEqual({ from: 3n, to: 50n });
    expect(await resolveLogRange(num(3n), num(9n), chain(50n))).toEqual({ from: 3n, to: 9n });
    expect(await resolveLogRange(tag('finalized'), undefined, chain(50n))).toEqual({ from: 50n, to: 50n });
  });

  it('behavior: a bound past the pushed head is checked with the engine before it is refused', async () => {
    const lagging = chain(50n, 51n);
    expect(await resolveLogRange(num(51n), num(51n), lagging)).toEqual({ from: 51n, to: 51n });
    expect(await resolveLogRange(num(51n), undefined, lagging)).toEqual({ from: 51n, to: 51n });
    expect(lagging.engineReads).toBe(2);
    const caughtUp = chain(50n);
    await resolveLogRange(num(1n), num(50n), caughtUp);
    expect(caughtUp.engineReads).toBe(0);
  });

  it("error: two numbers in the wrong order are geth's -32000 invalid block range params", async () => {
    const failure = resolveLogRange(num(9n), num(3n), chain(50n));
    await expect(failure).rejects.toBeInstanceOf(InvalidInputError);
    await expect(failure).rejects.toThrow('invalid block range params');
  });

  it('error: a toBlock past the head is -32602 block range extends beyond current head block', async () => {
    const failure = resolveLogRange(num(40n), num(60n), chain(50n));
    await expect(failure).rejects.toBeInstanceOf(InvalidParamsError);
    await expect(failure).rejects.toThrow('block range extends beyond current head block');
  });

  it('error: a fromBlock past the head up to latest is -32602 invalid block range params', async () => {
    const failure = resolveLogRange(num(60n), tag('latest'), chain(50n));
    await expect(failure).rejects.toBeInstanceOf(InvalidParamsError);
    await expect(failure).rejects.toThrow('invalid block range params');
  });
});
