import fc from 'fast-check';
import { conditionsOf, formatQuery, parseQuery } from './parser';
import { QueryError } from './query-error';

function parseError(text: string): QueryError {
  try {
    parseQuery(text);
  } catch (error) {
    if (error instanceof QueryError) return error;
    throw error;
  }
  throw new Error(`parsed: ${text}`);
}

describe(parseQuery.name, () => {
  it('default', () => {
    expect(parseQuery(`tm.event = 'Tx' AND ethereum.recipient = '0xabc' AND tx.height >= 5`)).toEqual({
      conditions: [
        { tag: 'tm.event', op: '=', operand: { type: 'string', value: 'Tx' } },
        { tag: 'ethereum.recipient', op: '=', operand: { type: 'string', value: '0xabc' } },
        { tag: 'tx.height', op: '>=', operand: { type: 'number', value: '5' } },
      ],
    });
  });

  it('behavior: every operator and operand type', () => {
    const query = parseQuery(
      `a.b EXISTS AND c CONTAINS 'x y' AND d < 1.5 AND e <= DATE 2013-05-03 AND f > TIME 2013-05-03T14:45:00+07:00`,
    );
    expect(conditionsOf(query)).toEqual([
      { tag: 'a.b', op: 'EXISTS' },
      { tag: 'c', op: 'CONTAINS', operand: { type: 'string', value: 'x y' } },
      { tag: 'd', op: '<', operand: { type: 'number', value: '1.5' } },
      { tag: 'e', op: '<=', operand: { type: 'date', value: '2013-05-03' } },
      { tag: 'f', op: '>', operand: { type: 'time', value: '2013-05-03T14:45:00+07:00' } },
    ]);
  });

  // cometbft v0.38 libs/pubsub/query/syntax/syntax_test.go, TestParseValid (with its round trip).
  it.each([
    ["tm.events.type='NewBlock'", true],
    ["tm.events.type = 'NewBlock'", true],
    ["tm.events.name = ''", true],
    ["tm.events.type='TIME'", true],
    ["tm.events.type='DATE'", true],
    ["tm.events.type='='", true],
    ["tm.events.type='TIME", false],
    ["tm.events.type=TIME'", false],
    ['tm.events.type==', false],
    ['tm.events.type=NewBlock', false],
    ['>==', false],
    ["tm.events.type 'NewBlock' =", false],
    ["tm.events.type>'NewBlock'", false],
    ['', false],
    ['=', false],
    ["='NewBlock'", false],
    ['tm.events.type=', false],
    ['tm.events.typeNewBlock', false],
    ["tm.events.type'NewBlock'", false],
    ["'NewBlock'", false],
    ['NewBlock', false],
    ["tm.events.type='NewBlock' AND abci.account.name='Igor'", true],
    ["tm.events.type='NewBlock' AND", false],
    ["tm.events.type='NewBlock' AN", false],
    ["tm.events.type='NewBlock' AN tm.events.type='NewBlockHeader'", false],
    ["AND tm.events.type='NewBlock' ", false],
    ["abci.account.name CONTAINS 'Igor'", true],
    ['tx.date > DATE 2013-05-03', true],
    ['tx.date < DATE 2013-05-03', true],
    ['tx.date <= DATE 2013-05-03', true],
    ['tx.date >= DATE 2013-05-03', true],
    ['tx.date >= DAT 2013-05-03', false],
    ['tx.date <= DATE2013-05-03', false],
    ['tx.date <= DATE -05-03', false],
    ['tx.date >= DATE 20130503', false],
    ['tx.date >= DATE 2013+01-03', false],
    ['tx.date >= DATE 0013-01-03', false],
    ['tx.date >= DATE 2013-31-03', false],
    ['tx.date >= DATE 2013-01-83', false],
    ['tx.date > TIME 2013-05-03T14:45:00+07:00', true],
    ['tx.date < TIME 2013-05-03T14:45:00-02:00', true],
    ['tx.date <= TIME 2013-05-03T14:45:00Z', true],
    ['tx.date >= TIME 2013-05-03T14:45:00Z', true],
    ['tx.date >= TIME2013-05-03T14:45:00Z', false],
    ['tx.date = IME 2013-05-03T14:45:00Z', false],
    ['tx.date = TIME 2013-05-:45:00Z', false],
    ['tx.date >= TIME 2013-05-03T14:45:00', false],
    ['tx.date >= TIME 0013-00-00T14:45:00Z', false],
    ['tx.date >= TIME 2013+05=03T14:45:00Z', false],
    ['account.balance=100', true],
    ['account.balance >= 200', true],
    ['account.balance >= -300', false],
    ['account.balance >>= 400', false],
    ['account.balance=33.22.1', false],
    ['slashing.amount EXISTS', true],
    ['slashing.amount EXISTS AND account.balance=100', true],
    ['account.balance=100 AND slashing.amount EXISTS', true],
    ['slashing EXISTS', true],
    ["hash='136E18F7E4C348B780CF873A0BF43922E5BAFA63'", true],
    ['hash=136E18F7E4C348B780CF873A0BF43922E5BAFA63', false],
    ['cosm-wasm.transfer_amount=100', true],
  ])('behavior: %j valid=%p', (text, valid) => {
    if (!valid) {
      expect(() => parseQuery(text)).toThrow(QueryError);
      return;
    }
    const canonical = formatQuery(parseQuery(text));
    expect(formatQuery(parseQuery(canonical))).toBe(canonical);
  });

  it('behavior: String() form', () => {
    expect(formatQuery(parseQuery(`tm.event='Tx'AND  x.y>=DATE 2013-05-03 AND z EXISTS`))).toBe(
      `tm.event = 'Tx' AND x.y >= DATE 2013-05-03 AND z EXISTS`,
    );
  });

  it('behavior: like CometBFT, an unterminated string after a condition reads as the end', () => {
    expect(formatQuery(parseQuery(`tm.event = 'Tx' 'oops`))).toBe(`tm.event = 'Tx'`);
  });

  it.each([
    // The message of a live 0.38 node (tendermint-rs kvstore_fixtures/v0_38/incoming/subscribe_malformed.json).
    [
      'malformed query',
      'offset 10: got tag, wanted <= operator, >= operator, < operator, > operator, = operator, CONTAINS operator or EXISTS operator',
    ],
    [`tm.event = 'Tx' OR x`, 'offset 16: got tag, want AND operator'],
    ['', 'offset 0: EOF'],
    ["tm.events.type='NewBlock' AND", 'offset 29: EOF'],
    ["tm.events.type>'NewBlock'", 'offset 15: got string, wanted number, timestamp or datestamp'],
    ['tm.events.type=NewBlock', 'offset 15: got tag, wanted number, timestamp, datestamp or string'],
    ['x CONTAINS 5', 'offset 11: got number, wanted string'],
    ["tm.event = 'Tx' & x", 'offset 16: got invalid token, want AND operator'],
    ['x >= -300', 'offset 5: invalid input - at offset 6'],
    [
      'tx.date >= TIME 2013-05-03T14:45:00',
      'offset 11: invalid TIME value: parsing time "2013-05-03T14:45:00" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "Z07:00"',
    ],
  ])('error: %j', (text, message) => {
    const error = parseError(text);
    expect(error.message).toBe(message);
    expect(error.offset).toBe(Number(/^offset (\d+)/.exec(message)?.[1]));
  });

  it('error: arbitrary text parses or throws a QueryError, never anything else', () => {
    const alphabet = fc.constantFrom(..."ab.-_ '=<>!&TIMEDAANDCONTAINSEXISTS0123456789:+Z\té".split(''));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'grapheme' }),
          fc.array(alphabet).map((cs) => cs.join('')),
        ),
        (text) => {
          try {
            const query = parseQuery(text);
            expect(query.conditions.length).toBeGreaterThan(0);
            const canonical = formatQuery(query);
            expect(formatQuery(parseQuery(canonical))).toBe(canonical);
          } catch (error) {
            expect(error).toBeInstanceOf(QueryError);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
