import fc from 'fast-check';
import { matches, type QueryEvents } from './matcher';
import { parseQuery } from './parser';

/** The events helper of CometBFT's query_test.go: "type|attr=value|attr=value". */
function events(...specs: string[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const spec of specs) {
    const [type = '', ...pairs] = spec.split('|');
    for (const pair of pairs) {
      const at = pair.indexOf('=');
      const key = `${type}.${pair.slice(0, at)}`;
      (out[key] ??= []).push(pair.slice(at + 1));
    }
  }
  return out;
}

// The OpenAPI example events of CometBFT's query_test.go (apiEvents).
const API_EVENTS: QueryEvents = {
  'tm.event': ['Tx'],
  'tm.hash': ['XYZ'],
  'tm.height': ['5'],
  'rewards.withdraw.address': ['AddrA', 'AddrB'],
  'rewards.withdraw.source': ['SrcX', 'SrcY'],
  'rewards.withdraw.amount': ['100', '45'],
  'rewards.withdraw.balance': ['1500', '999'],
  'transfer.sender': ['AddrC'],
  'transfer.recipient': ['AddrD'],
  'transfer.amount': ['160'],
};

const today = new Date().toISOString().slice(0, 10);
const now = `${new Date().toISOString().slice(0, 19)}Z`;

describe(matches.name, () => {
  it('default: the devnet subscription of an Ethereum recipient', () => {
    const query = parseQuery(`tm.event='Tx' AND ethereum.recipient='0xabc'`);
    const tx = { 'tm.event': ['Tx'], 'tx.hash': ['AB'], 'tx.height': ['7'], 'ethereum.recipient': ['0xabc'] };
    expect(matches(query, tx)).toBe(true);
    expect(matches(query, { ...tx, 'ethereum.recipient': ['0xdef'] })).toBe(false);
    expect(matches(query, { ...tx, 'tm.event': ['NewBlock'] })).toBe(false);
  });

  // cometbft v0.38 libs/pubsub/query/query_test.go, TestCompiledMatches.
  it.each<[string, QueryEvents, boolean]>([
    [`tm.events.type='NewBlock'`, events('tm|events.type=NewBlock'), true],
    ['tx.gas > 7', events('tx|gas=8'), true],
    ['transfer.amount > 7', events('transfer|amount=8stake'), true],
    ['transfer.amount > 7', events('transfer|amount=8.045'), true],
    ['transfer.amount > 7.043', events('transfer|amount=8.045stake'), true],
    ['transfer.amount > 8.045', events('transfer|amount=8.045stake'), false],
    ['tx.gas > 7 AND tx.gas < 9', events('tx|gas=8'), true],
    ['body.weight >= 3.5', events('body|weight=3.5'), true],
    ['account.balance < 1000.0', events('account|balance=900'), true],
    ['apples.kg <= 4', events('apples|kg=4.0'), true],
    ['body.weight >= 4.5', events('body|weight=4.5'), true],
    ['oranges.kg < 4 AND watermellons.kg > 10', events('oranges|kg=3', 'watermellons|kg=12'), true],
    ['peaches.kg < 4', events('peaches|kg=5'), false],
    ['tx.date > DATE 2017-01-01', events(`tx|date=${today}`), true],
    ['tx.date = DATE 2017-01-01', events('tx|date=2017-01-01'), true],
    ['tx.date = DATE 2018-01-01', events('tx|date=2017-01-01'), false],
    ['tx.time >= TIME 2013-05-03T14:45:00Z', events(`tx|time=${now}`), true],
    ['tx.time = TIME 2013-05-03T14:45:00Z', events('tx|time=2018-05-03T14:45:00Z'), false],
    [`abci.owner.name CONTAINS 'Igor'`, events('abci|owner.name=Igor|owner.name=Ivan'), true],
    [`abci.owner.name CONTAINS 'Igor'`, events('abci|owner.name=Pavel|owner.name=Ivan'), false],
    [`abci.owner.name = 'Igor'`, events('abci|owner.name=Igor|owner.name=Ivan'), true],
    [`abci.owner.name = 'Ivan'`, events('abci|owner.name=Igor|owner.name=Ivan'), true],
    [
      `abci.owner.name = 'Ivan' AND abci.owner.name = 'Igor'`,
      events('abci|owner.name=Igor|owner.name=Ivan'),
      true,
    ],
    [
      `abci.owner.name = 'Ivan' AND abci.owner.name = 'John'`,
      events('abci|owner.name=Igor|owner.name=Ivan'),
      false,
    ],
    [`tm.events.type='NewBlock'`, events('tm|events.type=NewBlock', 'app|name=fuzzed'), true],
    [`app.name = 'fuzzed'`, events('tm|events.type=NewBlock', 'app|name=fuzzed'), true],
    [
      `tm.events.type='NewBlock' AND app.name = 'fuzzed'`,
      events('tm|events.type=NewBlock', 'app|name=fuzzed'),
      true,
    ],
    [
      `tm.events.type='NewHeader' AND app.name = 'fuzzed'`,
      events('tm|events.type=NewBlock', 'app|name=fuzzed'),
      false,
    ],
    ['slash EXISTS', events('slash|reason=missing_signature|power=6000'), true],
    [
      'slash EXISTS',
      events('transfer|recipient=cosmos1gu6y2a0ffteesyeyeesk23082c6998xyzmt9mz|sender=cosmos1crje'),
      false,
    ],
    ['slash.reason EXISTS AND slash.power > 1000', events('slash|reason=missing_signature|power=6000'), true],
    ['slash.reason EXISTS AND slash.power > 1000', events('slash|reason=missing_signature|power=500'), false],
    [
      'slash.reason EXISTS',
      events('transfer|recipient=cosmos1gu6y2a0ffteesyeyeesk23082c6998xyzmt9mz'),
      false,
    ],
    [`tm.event = 'Tx' AND rewards.withdraw.address = 'AddrA'`, API_EVENTS, true],
    [
      `tm.event = 'Tx' AND rewards.withdraw.address = 'AddrA' AND rewards.withdraw.source = 'SrcY'`,
      API_EVENTS,
      true,
    ],
    [`tm.event = 'Tx' AND transfer.sender = 'AddrA'`, API_EVENTS, false],
    [`tm.event = 'Tx' AND transfer.sender = 'AddrC'`, API_EVENTS, true],
    [`tm.event = 'Tx' AND transfer.sender = 'AddrZ'`, API_EVENTS, false],
    [`tm.event = 'Tx' AND rewards.withdraw.address = 'AddrZ'`, API_EVENTS, false],
    [`tm.event = 'Tx' AND rewards.withdraw.source = 'W'`, API_EVENTS, false],
  ])('behavior: %s', (text, given, expected) => {
    expect(matches(parseQuery(text), given)).toBe(expected);
  });

  // TestBigNumbers: values beyond int64 / float64.
  it.each([
    'big.value >= 99999999999999999999',
    'big.value > 99999999999999999998',
    'big2.value <= 18446744073709551615',
    'big.floatvalue >= 99999999999999999999',
    'big.floatvalue > 99999999999999999998.10',
    'big.floatvalue > 99999999999999999998',
    'big2.floatvalue <= 18446744073709551615.6',
    'big2.floatvalue >= 18446744073709551615',
    'big2.floatvalue >= 12.5',
    'big.value >= 10',
  ])('behavior: big numbers, %s', (text) => {
    const bigEvents = {
      'big.value': ['99999999999999999999'],
      'big2.value': ['18446744073709551615'],
      'big.floatvalue': ['99999999999999999999.10'],
      'big2.floatvalue': ['18446744073709551615.6'],
    };
    expect(matches(parseQuery(text), bigEvents)).toBe(true);
  });

  it('behavior: a tag naming an event type compares the empty string', () => {
    const given = events('slash|reason=x');
    expect(matches(parseQuery(`slash = ''`), given)).toBe(true);
    expect(matches(parseQuery(`slash CONTAINS 'x'`), given)).toBe(false);
    expect(matches(parseQuery('slash < 5'), given)).toBe(false);
  });

  it('behavior: keys without a dot, or with no values, satisfy nothing but type tests', () => {
    expect(matches(parseQuery('foo EXISTS'), { foo: ['1'] })).toBe(false);
    expect(matches(parseQuery('a.b EXISTS'), { 'a.b': [] })).toBe(false);
    expect(matches(parseQuery('a EXISTS'), { 'a.b': [] })).toBe(true);
  });

  it('behavior: numeric comparisons skip values that are no numbers', () => {
    expect(matches(parseQuery('tx.height = 5'), { 'tx.height': ['x', '-5', '5'] })).toBe(true);
    expect(matches(parseQuery('tx.height = 5'), { 'tx.height': ['x', '-5'] })).toBe(false);
    expect(matches(parseQuery(`tx.height = '5'`), { 'tx.height': ['05'] })).toBe(false);
    expect(matches(parseQuery('tx.height = 5'), { 'tx.height': ['05'] })).toBe(true);
  });

  it('behavior: TIME compares instants across offsets; DATE values must be dates', () => {
    expect(
      matches(parseQuery('t.x = TIME 2013-05-03T14:45:00Z'), { 't.x': ['2013-05-03T16:45:00+02:00'] }),
    ).toBe(true);
    expect(
      matches(parseQuery('t.x < TIME 2013-05-03T14:45:00Z'), { 't.x': ['2013-05-03T14:44:59.999Z'] }),
    ).toBe(true);
    expect(matches(parseQuery('t.x = DATE 2013-05-03'), { 't.x': ['2013-05-03T00:00:00Z'] })).toBe(false);
  });

  it('error: never throws on arbitrary events', () => {
    const query = parseQuery(
      `a.b >= 1.5 AND a.b <= DATE 2020-01-01 AND a CONTAINS 'x' AND a.b < TIME 2020-01-01T00:00:00Z`,
    );
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('a', 'a.b', 'a.b.c', '', '.'), fc.array(fc.string())),
        (given) => {
          expect(typeof matches(query, given)).toBe('boolean');
        },
      ),
    );
  });
});
