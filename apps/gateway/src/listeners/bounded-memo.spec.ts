import { BoundedMemo } from './bounded-memo';

describe(BoundedMemo.name, () => {
  it('default: decides an input once and answers it again from memory', () => {
    const decide = jest.fn((input: string) => input.length);
    const memo = new BoundedMemo(decide);
    expect(memo.get('abc')).toBe(3);
    expect(memo.get('abc')).toBe(3);
    expect(decide).toHaveBeenCalledTimes(1);
  });

  it('behavior: an undefined answer is remembered too', () => {
    const decide = jest.fn((_input: string): string | undefined => undefined);
    const memo = new BoundedMemo(decide);
    expect(memo.get('x')).toBeUndefined();
    expect(memo.get('x')).toBeUndefined();
    expect(decide).toHaveBeenCalledTimes(1);
  });

  it('limit: never holds more than its bound, and still answers right past it', () => {
    const memo = new BoundedMemo((input: string) => `${input}!`, 4);
    for (let i = 0; i < 100; i++) {
      expect(memo.get(String(i))).toBe(`${i}!`);
      expect(memo.size).toBeLessThanOrEqual(4);
    }
  });
});
