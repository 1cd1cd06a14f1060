// Numbers as CometBFT's query matcher compares them: math/big Floats, exact for integers and rounded
// to 125 bits for decimals, with event values read through its `^\d+(\.\d+)?` prefix rule
// ("8stake" is 8; "-5" is no number).

/** mant · 2^exp, mant rounded to the precision Go would use. */
export interface GoBigFloat {
  readonly mant: bigint;
  readonly exp: number;
}

const DECIMAL_PRECISION = 125;
const INTEGER = /^[+-]?[0-9]+$/;
const NUMBER_PREFIX = /^[0-9]+(?:\.[0-9]+)?/;
const OPERAND = /^([0-9]+)(?:\.([0-9]*))?$/;

/** syntax.Arg.Number(): an operand as written in a query (digits, optionally a point and digits). */
export function parseOperandNumber(text: string): GoBigFloat | undefined {
  if (INTEGER.test(text)) return { mant: BigInt(text), exp: 0 }; // Go sizes the precision to fit: exact
  const match = OPERAND.exec(text);
  return match ? decimal(match[1] ?? '', match[2] ?? '') : undefined;
}

/** query.parseNumber(): an event attribute value, or undefined where Go fails to parse it. */
export function parseValueNumber(value: string): GoBigFloat | undefined {
  const prefix = NUMBER_PREFIX.exec(value)?.[0];
  if (prefix === undefined) return undefined;
  // A whole integer is parsed at its own bit length (exact); anything else at 125 bits.
  if (INTEGER.test(value)) return { mant: BigInt(prefix), exp: 0 };
  const [whole = '', fraction = ''] = prefix.split('.');
  return decimal(whole, fraction);
}

/** big.Float.Cmp: -1, 0 or 1. */
export function compareGoBigFloat(a: GoBigFloat, b: GoBigFloat): number {
  const left = a.exp >= b.exp ? a.mant << BigInt(a.exp - b.exp) : a.mant;
  const right = b.exp > a.exp ? b.mant << BigInt(b.exp - a.exp) : b.mant;
  return left === right ? 0 : left < right ? -1 : 1;
}

/** whole.fraction rounded to 125 bits, to nearest even, as big.ParseFloat rounds. */
function decimal(whole: string, fraction: string): GoBigFloat {
  const numerator = BigInt(`${whole}${fraction}` || '0');
  const denominator = 10n ** BigInt(fraction.length);
  return roundQuotient(numerator, denominator, DECIMAL_PRECISION);
}

function roundQuotient(numerator: bigint, denominator: bigint, precision: number): GoBigFloat {
  if (numerator === 0n) return { mant: 0n, exp: 0 };
  const low = 1n << BigInt(precision - 1);
  const high = 1n << BigInt(precision);
  // Choose exp so that numerator / (denominator · 2^exp) lies in [2^(p-1), 2^p).
  let exp = bitLength(numerator) - bitLength(denominator) - precision;
  for (;;) {
    const [n, d] =
      exp >= 0 ? [numerator, denominator << BigInt(exp)] : [numerator << BigInt(-exp), denominator];
    let mant = n / d;
    if (mant >= high) {
      exp++;
      continue;
    }
    if (mant < low) {
      exp--;
      continue;
    }
    const twiceRemainder = 2n * (n - mant * d);
    if (twiceRemainder > d || (twiceRemainder === d && (mant & 1n) === 1n)) mant++;
    return mant === high ? { mant: mant >> 1n, exp: exp + 1 } : { mant, exp };
  }
}

function bitLength(n: bigint): number {
  return n.toString(2).length;
}
