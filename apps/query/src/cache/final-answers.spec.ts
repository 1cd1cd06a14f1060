import { FinalAnswers } from './final-answers';

describe(FinalAnswers.name, () => {
  it('default: an answer at a height is loaded once; another height is another answer', async () => {
    const answers = new FinalAnswers();
    let loads = 0;
    const load = (value: bigint) => () => {
      loads++;
      return Promise.resolve(value);
    };
    expect(await answers.get(5n, 'balance:0xa', load(1n))).toBe(1n);
    expect(await answers.get(5n, 'balance:0xa', load(2n))).toBe(1n);
    expect(await answers.get(6n, 'balance:0xa', load(3n))).toBe(3n);
    expect(loads).toBe(2);
    expect(answers.stats()).toMatchObject({ hits: 1, misses: 2, size: 2 });
  });

  it('error: a failed load is not kept', async () => {
    const answers = new FinalAnswers();
    await expect(
      answers.get(5n, 'call:x', () => Promise.reject(new Error('engine unavailable'))),
    ).rejects.toThrow('engine unavailable');
    expect(await answers.get(5n, 'call:x', () => Promise.resolve('0x01'))).toBe('0x01');
  });

  it('behavior: the bytes kept stay within the bound, the least recently used going first', async () => {
    const answers = new FinalAnswers(4_096);
    for (let height = 1n; height <= 20n; height++) {
      await answers.get(height, 'call:x', () => Promise.resolve(`0x${'ab'.repeat(500)}`));
    }
    expect(answers.stats().size).toBeLessThanOrEqual(4);
    let reloaded = false;
    await answers.get(20n, 'call:x', () => {
      reloaded = true;
      return Promise.resolve('0x');
    });
    expect(reloaded).toBe(false);
  });

  it('behavior: a bound of 0 keeps nothing', async () => {
    const answers = new FinalAnswers(0);
    await answers.get(1n, 'k', () => Promise.resolve(1));
    expect(answers.stats().size).toBe(0);
  });
});
