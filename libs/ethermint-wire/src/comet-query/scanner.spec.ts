import { Scanner, type Token } from './scanner';

function tokens(input: string): { tokens: Token[]; end: ReturnType<Scanner['next']> } {
  const scanner = new Scanner(input);
  const seen: Token[] = [];
  for (;;) {
    const failure = scanner.next();
    if (failure !== undefined) return { tokens: seen, end: failure };
    seen.push(scanner.token);
  }
}

describe(Scanner.name, () => {
  // cometbft v0.38 libs/pubsub/query/syntax/syntax_test.go, TestScanner.
  it.each<[string, Token[]]>([
    ['', []],
    ['  ', []],
    ['\t\n ', []],
    ['0 123', ['number', 'number']],
    ['0.32 3.14', ['number', 'number']],
    ['foo foo.bar', ['tag', 'tag']],
    ['foo foo-foo.bar', ['tag', 'tag']],
    ['foo foo._bar_bar', ['tag', 'tag']],
    [` '' x 'x' 'x y'`, ['string', 'tag', 'string', 'string']],
    [` 'you are not your job' `, ['string']],
    ['< <= = > >=', ['<', '<=', '=', '>', '>=']],
    ['x AND y', ['tag', 'AND', 'tag']],
    [`x.y CONTAINS 'z'`, ['tag', 'CONTAINS', 'string']],
    ['foo EXISTS', ['tag', 'EXISTS']],
    ['and AND', ['tag', 'AND']],
    ['TIME 2021-11-23T15:16:17Z', ['time']],
    ['DATE 2021-11-23', ['date']],
  ])('default: %j', (input, expected) => {
    expect(tokens(input)).toEqual({ tokens: expected, end: { eof: true } });
  });

  it('behavior: token text, without quotes or the TIME / DATE label', () => {
    const scanner = new Scanner(`'a b' TIME 2021-11-23T15:16:17Z DATE 2021-11-23 TIME`);
    const texts: string[] = [];
    while (scanner.next() === undefined) texts.push(`${scanner.token}:${scanner.text}`);
    expect(texts).toEqual(['string:a b', 'time:2021-11-23T15:16:17Z', 'date:2021-11-23', 'tag:TIME']);
  });

  it('behavior: offsets count UTF-8 bytes, as Go does', () => {
    const scanner = new Scanner(`'é' x`);
    scanner.next();
    scanner.next();
    expect(scanner.pos).toBe(5);
    expect(new Scanner('€').next()).toEqual({ eof: false, message: 'invalid input € at offset 3' });
    const afterString = new Scanner(`'é' &`);
    afterString.next();
    expect(afterString.next()).toEqual({ eof: false, message: 'invalid input & at offset 6' });
  });

  it('behavior: a number stops at its first non-digit', () => {
    expect(tokens('5.x 1abc').tokens).toEqual(['number', 'tag', 'number', 'tag']);
  });

  // TestScannerErrors: each fails on the first token.
  it.each([
    [`'incomplete string`, 'EOF'],
    ['-23', 'invalid input - at offset 1'],
    ['&', 'invalid input & at offset 1'],
    ['DATE xyz-pdq', 'invalid DATE value: parsing time "" as "2006-01-02": cannot parse "" as "2006"'],
    ['DATE xyzp-dq-zv', 'invalid DATE value: parsing time "" as "2006-01-02": cannot parse "" as "2006"'],
    ['DATE 0000-00-00', 'invalid DATE value: parsing time "0000-00-00": month out of range'],
    ['DATE 0000-00-000', 'invalid DATE value: parsing time "0000-00-000": month out of range'],
    ['DATE 2021-01-99', 'invalid DATE value: parsing time "2021-01-99": day out of range'],
    ['DATE 0013-01-03', 'datestamp year 13 out of range'],
    [
      'TIME 2021-01-01T34:56:78Z',
      'invalid TIME value: parsing time "2021-01-01T34:56:78Z": hour out of range',
    ],
    [
      'TIME 2021-01-99T14:56:08Z',
      'invalid TIME value: parsing time "2021-01-99T14:56:08Z": day out of range',
    ],
    ['TIME 2021-01-99T34:56:08', 'invalid TIME value: parsing time "2021-01-99T34:56:08": hour out of range'],
    ['TIME 3021-01-01T14:56:08Z', 'timestamp year 3021 out of range'],
  ])('error: %j', (input, message) => {
    expect(new Scanner(input).next()).toEqual(message === 'EOF' ? { eof: true } : { eof: false, message });
  });
});
