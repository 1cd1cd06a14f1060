import fc from 'fast-check';
import { civilFromDays, daysFromCivil, parseGoTime, type GoTimeResult } from './go-time';

const nanosOf = (result: GoTimeResult): bigint => {
  if (!result.ok) throw new Error(result.error);
  return result.time.unixNanos;
};
const errorOf = (result: GoTimeResult): string => (result.ok ? 'ok' : result.error);

describe(parseGoTime.name, () => {
  it('default', () => {
    expect(nanosOf(parseGoTime('rfc3339', '2013-05-03T14:45:00Z'))).toBe(
      BigInt(Date.UTC(2013, 4, 3, 14, 45)) * 1_000_000n,
    );
    expect(nanosOf(parseGoTime('date', '2017-01-01'))).toBe(BigInt(Date.UTC(2017, 0, 1)) * 1_000_000n);
  });

  it('behavior: offsets give the same instant in UTC; the year is as written', () => {
    const plus = parseGoTime('rfc3339', '2013-05-03T14:45:00+07:00');
    expect(nanosOf(plus)).toBe(BigInt(Date.UTC(2013, 4, 3, 7, 45)) * 1_000_000n);
    expect(parseGoTime('rfc3339', '2000-01-01T00:30:00+01:00')).toMatchObject({
      ok: true,
      time: { year: 2000 },
    });
  });

  it('behavior: a fractional second is accepted although the layout has none, truncated to ns', () => {
    const base = nanosOf(parseGoTime('rfc3339', '2023-05-17T14:12:53Z'));
    expect(nanosOf(parseGoTime('rfc3339', '2023-05-17T14:12:53.088875124Z')) - base).toBe(88_875_124n);
    expect(nanosOf(parseGoTime('rfc3339', '2023-05-17T14:12:53,5Z')) - base).toBe(500_000_000n);
    expect(nanosOf(parseGoTime('rfc3339', '2023-05-17T14:12:53.1234567899Z')) - base).toBe(123_456_789n);
  });

  it('behavior: leap days', () => {
    expect(parseGoTime('date', '2024-02-29').ok).toBe(true);
    expect(parseGoTime('date', '2000-02-29').ok).toBe(true);
    expect(errorOf(parseGoTime('date', '1900-02-29'))).toBe('parsing time "1900-02-29": day out of range');
  });

  it('behavior: the general parser takes a one-digit hour and 24-hour offsets', () => {
    expect(parseGoTime('rfc3339', '2021-11-23T1:04:19Z').ok).toBe(true);
    expect(parseGoTime('rfc3339', '2021-11-23T01:04:19+24:00').ok).toBe(true);
  });

  it('behavior: agrees with Date for arbitrary valid RFC 3339 times', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date(Date.UTC(1, 0, 1)),
          max: new Date(Date.UTC(9999, 11, 31)),
          noInvalidDate: true,
        }),
        fc.integer({ min: -23 * 60, max: 23 * 60 }),
        (date, offsetMinutes) => {
          const local = new Date(date.getTime() + offsetMinutes * 60_000);
          const iso = local.toISOString();
          if (!/^\d{4}-/.test(iso)) return; // six-digit years are outside Go's layout
          const sign = offsetMinutes < 0 ? '-' : '+';
          const abs = Math.abs(offsetMinutes);
          const zone = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
          const text = `${iso.slice(0, 23)}${zone}`;
          expect(nanosOf(parseGoTime('rfc3339', text))).toBe(BigInt(date.getTime()) * 1_000_000n);
        },
      ),
    );
  });

  // Messages in the words of Go's time.ParseError.
  it.each([
    [
      'rfc3339',
      '2013-05-03T14:45:00',
      'parsing time "2013-05-03T14:45:00" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "Z07:00"',
    ],
    ['date', 'xyz-pdq', 'parsing time "xyz-pdq" as "2006-01-02": cannot parse "xyz-pdq" as "2006"'],
    ['date', '2013+01-03', 'parsing time "2013+01-03" as "2006-01-02": cannot parse "+01-03" as "-"'],
    ['date', '2013-31-03', 'parsing time "2013-31-03": month out of range'],
    ['date', '2021-01-99', 'parsing time "2021-01-99": day out of range'],
    ['date', '0000-00-00', 'parsing time "0000-00-00": month out of range'],
    ['date', '2021-01-011', 'parsing time "2021-01-011": extra text: "1"'],
    ['date', '2021-1-01', 'parsing time "2021-1-01" as "2006-01-02": cannot parse "1-01" as "01"'],
    ['rfc3339', '2021-01-01T34:56:78Z', 'parsing time "2021-01-01T34:56:78Z": hour out of range'],
    ['rfc3339', '2021-01-01T14:56:60Z', 'parsing time "2021-01-01T14:56:60Z": second out of range'],
    ['rfc3339', '2021-01-99T34:56:11+3', 'parsing time "2021-01-99T34:56:11+3": hour out of range'],
    [
      'rfc3339',
      '2021-01-01T14:56:11+3',
      'parsing time "2021-01-01T14:56:11+3" as "2006-01-02T15:04:05Z07:00": cannot parse "+3" as "Z07:00"',
    ],
    [
      'rfc3339',
      '2021-01-01T14:56:11+25:00',
      'parsing time "2021-01-01T14:56:11+25:00": time zone offset hour out of range',
    ],
    [
      'rfc3339',
      '2013-05-:45:00Z',
      'parsing time "2013-05-:45:00Z" as "2006-01-02T15:04:05Z07:00": cannot parse ":45:00Z" as "02"',
    ],
    [
      'date',
      '"é"',
      'parsing time "\\"\\xc3\\xa9\\"" as "2006-01-02": cannot parse "\\"\\xc3\\xa9\\"" as "2006"',
    ],
  ] as const)('error: %s %j', (layout, value, message) => {
    expect(errorOf(parseGoTime(layout, value))).toBe(message);
  });
});

describe(civilFromDays.name, () => {
  it('behavior: inverts daysFromCivil', () => {
    expect(daysFromCivil(1970, 1, 1)).toBe(0);
    expect(civilFromDays(daysFromCivil(1, 1, 1))).toEqual({ year: 1, month: 1, day: 1 });
    fc.assert(
      fc.property(fc.integer({ min: -800_000, max: 3_000_000 }), (days) => {
        const { year, month, day } = civilFromDays(days);
        expect(daysFromCivil(year, month, day)).toBe(days);
      }),
    );
  });
});
