// Go's time.Parse for the two layouts CometBFT uses (RFC 3339 and 2006-01-02): what it accepts,
// the instant it yields and its error text, so query operands and JSON times behave as on a node.

export type GoTimeLayout = 'rfc3339' | 'date';

export const GO_TIME_LAYOUTS: Readonly<Record<GoTimeLayout, string>> = {
  rfc3339: '2006-01-02T15:04:05Z07:00',
  date: '2006-01-02',
};

export interface GoTime {
  /** The year as written (Go's Time.Year() in the parsed zone). */
  readonly year: number;
  /** The instant, in nanoseconds since the Unix epoch. */
  readonly unixNanos: bigint;
}

export type GoTimeResult =
  { readonly ok: true; readonly time: GoTime } | { readonly ok: false; readonly error: string };

type Std = 'year' | 'zeroMonth' | 'zeroDay' | 'hour' | 'zeroMinute' | 'zeroSecond' | 'colonTz';

interface Chunk {
  readonly prefix: string;
  readonly std: Std;
  readonly text: string;
}

// The layouts cut as Go's nextStdChunk cuts them: a literal prefix, then one std element.
const DATE_CHUNKS: readonly Chunk[] = [
  { prefix: '', std: 'year', text: '2006' },
  { prefix: '-', std: 'zeroMonth', text: '01' },
  { prefix: '-', std: 'zeroDay', text: '02' },
];
const CHUNKS: Readonly<Record<GoTimeLayout, readonly Chunk[]>> = {
  date: DATE_CHUNKS,
  rfc3339: [
    ...DATE_CHUNKS,
    { prefix: 'T', std: 'hour', text: '15' },
    { prefix: ':', std: 'zeroMinute', text: '04' },
    { prefix: ':', std: 'zeroSecond', text: '05' },
    { prefix: '', std: 'colonTz', text: 'Z07:00' },
  ],
};

/** time.Parse(layout, value). */
export function parseGoTime(layout: GoTimeLayout, input: string): GoTimeResult {
  const fullLayout = GO_TIME_LAYOUTS[layout];
  // Go indexes strings by byte: work on the UTF-8 bytes, one char per byte.
  const fullValue = Buffer.from(input, 'utf8').toString('latin1');
  const cannotParse = (valueElem: string, layoutElem: string): GoTimeResult => ({
    ok: false,
    error: `parsing time ${quote(fullValue)} as ${quote(fullLayout)}: cannot parse ${quote(valueElem)} as ${quote(layoutElem)}`,
  });
  const failure = (message: string): GoTimeResult => ({
    ok: false,
    error: `parsing time ${quote(fullValue)}${message}`,
  });

  let value = fullValue;
  let year = 0;
  let month = 1;
  let day = 1;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let nanos = 0;
  let zoneOffset = 0;
  for (const chunk of CHUNKS[layout]) {
    if (!value.startsWith(chunk.prefix)) return cannotParse(value, chunk.prefix);
    value = value.slice(chunk.prefix.length);
    const hold = value;
    let bad = false;
    let rangeError = '';
    switch (chunk.std) {
      case 'year': {
        const digits = value.slice(0, 4);
        if (value.length < 4 || !/^[0-9]{4}$/.test(digits)) {
          bad = true;
          break;
        }
        year = Number(digits);
        value = value.slice(4);
        break;
      }
      case 'zeroMonth':
      case 'zeroDay':
      case 'hour':
      case 'zeroMinute':
      case 'zeroSecond': {
        const got = getnum(value, chunk.std !== 'hour');
        if (got === undefined) {
          bad = true;
          break;
        }
        value = got.rest;
        if (chunk.std === 'zeroMonth') {
          month = got.n;
          if (month <= 0 || month > 12) rangeError = 'month';
        } else if (chunk.std === 'zeroDay') {
          day = got.n; // validated against the month once parsing completes, as Go does
        } else if (chunk.std === 'hour') {
          hour = got.n;
          if (hour >= 24) rangeError = 'hour';
        } else if (chunk.std === 'zeroMinute') {
          minute = got.n;
          if (minute >= 60) rangeError = 'minute';
        } else {
          second = got.n;
          if (second >= 60) {
            rangeError = 'second';
            break;
          }
          // Parsing (only) accepts a fractional second the layout does not mention.
          if (value.length >= 2 && (value[0] === '.' || value[0] === ',') && isDigitAt(value, 1)) {
            let n = 2;
            while (n < value.length && isDigitAt(value, n)) n++;
            const digits = value.slice(1, Math.min(n, 10));
            nanos = Number(digits) * 10 ** (9 - digits.length);
            value = value.slice(n);
          }
        }
        break;
      }
      case 'colonTz': {
        if (value.startsWith('Z')) {
          value = value.slice(1);
          break;
        }
        if (value.length < 6 || value[3] !== ':') {
          bad = true;
          break;
        }
        const sign = value[0];
        const hours = getnum(value.slice(1, 3), true);
        const minutes = hours && getnum(value.slice(4, 6), true);
        value = value.slice(6);
        const hr = hours?.n ?? 0;
        const mm = minutes?.n ?? 0;
        // Go tests with > (not >=): offsets of 24 hours or 60 minutes are accepted.
        if (hr > 24) rangeError = 'time zone offset hour';
        if (mm > 60) rangeError = 'time zone offset minute';
        zoneOffset = sign === '-' ? -(hr * 60 + mm) * 60 : (hr * 60 + mm) * 60;
        bad = minutes === undefined || (sign !== '+' && sign !== '-');
        break;
      }
    }
    if (rangeError !== '') return failure(`: ${rangeError} out of range`);
    if (bad) return cannotParse(hold, chunk.text);
  }
  if (value !== '') return failure(`: extra text: ${quote(value)}`);
  if (day < 1 || day > daysIn(month, year)) return failure(': day out of range');

  const seconds = daysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second - zoneOffset;
  return { ok: true, time: { year, unixNanos: BigInt(seconds) * 1_000_000_000n + BigInt(nanos) } };
}

/** Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's days_from_civil). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** The date of a day count from 1970-01-01 (H. Hinnant's civil_from_days). */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

function daysIn(month: number, year: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

function isDigitAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return c >= 0x30 && c <= 0x39;
}

/** Go's getnum: one or two leading digits; `fixed` demands two. */
function getnum(s: string, fixed: boolean): { n: number; rest: string } | undefined {
  if (!isDigitAt(s, 0)) return undefined;
  if (!isDigitAt(s, 1)) return fixed ? undefined : { n: Number(s[0]), rest: s.slice(1) };
  return { n: Number(s.slice(0, 2)), rest: s.slice(2) };
}

/** Go's time.quote over a byte string: control and non-ASCII bytes as \xNN. */
function quote(bytes: string): string {
  let out = '"';
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes.charCodeAt(i);
    if (c >= 0x80 || c < 0x20) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else out += c === 0x22 || c === 0x5c ? `\\${bytes[i]}` : bytes[i];
  }
  return `${out}"`;
}
