import { RawJson } from '@photon/codec';
import { AnswersPerHead } from './answers-per-head';
import { FinalAnswersKept } from './final-answers-kept';

describe(AnswersPerHead.name, () => {
  it('default: an answer is kept at its head only', async () => {
    const kept = new AnswersPerHead();
    await kept.keep(5n, 'a', Promise.resolve(1));
    expect(await kept.kept(5n, 'a')).toBe(1);
    expect(kept.kept(6n, 'a')).toBeUndefined();
    await kept.keep(6n, 'b', Promise.resolve(2));
    expect(kept.kept(5n, 'a')).toBeUndefined();
  });

  it('limit: past its entries or key bytes within a head, it starts over', async () => {
    const kept = new AnswersPerHead(3, 1_000);
    for (let i = 0; i < 10; i++) await kept.keep(5n, `k${i}`, Promise.resolve(i));
    expect(kept.size).toBeLessThanOrEqual(3);
    const bytes = new AnswersPerHead(100, 10);
    await bytes.keep(5n, 'x'.repeat(8), Promise.resolve(1));
    await bytes.keep(5n, 'y'.repeat(8), Promise.resolve(2));
    await bytes.keep(5n, 'z', Promise.resolve(3));
    expect(bytes.size).toBe(1);
  });

  it('limit: past its answer bytes within a head (large call results, code), it starts over', async () => {
    const kept = new AnswersPerHead(100, 1_000, 100);
    await kept.keep(5n, 'a', Promise.resolve('0x' + 'ab'.repeat(30)));
    await kept.keep(5n, 'b', Promise.resolve(new RawJson(`"0x${'cd'.repeat(30)}"`)));
    expect(kept.size).toBe(2);
    await kept.keep(5n, 'c', Promise.resolve('0x1'));
    expect(kept.size).toBe(1);
    expect(kept.settled(5n, 'a')).toBeUndefined();
    expect(kept.settled(5n, 'c')).toEqual({ result: '0x1' });
  });

  it('error: a failed answer is forgotten', async () => {
    const kept = new AnswersPerHead();
    await expect(kept.keep(5n, 'a', Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(kept.kept(5n, 'a')).toBeUndefined();
  });
});

describe(FinalAnswersKept.name, () => {
  it('default: keeps answers, never null ones', () => {
    const kept = new FinalAnswersKept();
    kept.keep('a', null);
    kept.keep('b', new RawJson('null'));
    kept.keep('c', new RawJson('{"status":"0x1"}'));
    expect(kept.get('a')).toBeUndefined();
    expect(kept.get('b')).toBeUndefined();
    expect(kept.get('c')).toEqual(new RawJson('{"status":"0x1"}'));
  });

  it('limit: the least recently used goes past the bound', () => {
    const kept = new FinalAnswersKept(2);
    kept.keep('a', 1);
    kept.keep('b', 2);
    kept.get('a');
    kept.keep('c', 3);
    expect(kept.size).toBe(2);
    expect(kept.get('b')).toBeUndefined();
    expect(kept.get('a')?.text).toBe('1');
    expect(kept.get('c')?.text).toBe('3');
  });

  it('default: an answer is kept as its JSON text, so later callers get it written already', () => {
    const kept = new FinalAnswersKept();
    const block = { number: '0x5', transactions: [] };
    const given = kept.keep('b', block);
    expect(given).toEqual(new RawJson('{"number":"0x5","transactions":[]}'));
    expect(kept.get('b')).toBe(given);
    const text = new RawJson('{"status":"0x1"}');
    expect(kept.keep('r', text)).toBe(text);
  });

  it('limit: past its bytes the least recently used go; one answer past a sixteenth of them is not kept', () => {
    const kept = new FinalAnswersKept(100, 1_600);
    const answer = (chars: number) => new RawJson(`"${'a'.repeat(chars - 2)}"`);
    for (let i = 0; i < 5; i++) kept.keep(`k${i}`, answer(98));
    expect(kept.size).toBe(5);
    expect(kept.byteSize).toBe(500);
    const huge = answer(101);
    expect(kept.keep('huge', huge)).toBe(huge);
    expect(kept.get('huge')).toBeUndefined();
    for (let i = 5; i < 20; i++) kept.keep(`k${i}`, answer(97));
    expect(kept.byteSize).toBeLessThanOrEqual(1_600);
    expect(kept.get('k0')).toBeUndefined();
    expect(kept.get('k19')).toBeDefined();
  });
});
