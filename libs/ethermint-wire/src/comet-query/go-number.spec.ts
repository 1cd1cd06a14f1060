import fc from 'fast-check';
import { compareGoBigFloat, parseOperandNumber, parseValueNumber, type GoBigFloat } from './go-number';

const cmp = (value: string, operand: string): number | undefined => {
  const actual = parseValueNumber(value);
  const expected = parseOperandNumber(operand);
  return actual && expected && compareGoBigFloat(actual, expected);
};

describe(parseValueNumber.name, () => {
  it('default: integers are exact at any size', () => {
    expect(cmp('99999999999999999999', '99999999999999999998')).toBe(1);
    expect(cmp('18446744073709551615', '18446744073709551615')).toBe(0);
    expect(
      cmp('100000000000000000000000000000000000000000001', '100000000000000000000000000000000000000000000'),
    ).toBe(1);
  });

  it('behavior: the leading number of a value counts ("8stake", "8.045stake")', () => {
    expect(cmp('8stake', '8')).toBe(0);
    expect(cmp('8.045stake', '8.045')).toBe(0);
    expect(cmp('007', '7')).toBe(0);
    expect(cmp('4.0', '4')).toBe(0);
  });

  it('behavior: signs, blanks and words are no numbers', () => {
    for (const value of ['-5', '+5', ' 5', 'abc', '', '.5']) expect(parseValueNumber(value)).toBeUndefined();
  });

  it('behavior: decimals round to 125 bits, so digits beyond that precision do not count', () => {
    const a = '0.1000000000000000000000000000000000000000001';
    expect(cmp(a, '0.1')).toBe(0);
    expect(cmp('0.10000000000000000000000000001', '0.1')).toBe(1);
  });

  it('behavior: ordering agrees with exact arithmetic for short decimals', () => {
    const decimalText = fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.integer({ min: 0, max: 12 }))
      .map(([digits, scale]) => {
        const text = digits.toString().padStart(scale + 1, '0');
        return { text: scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`, digits, scale };
      });
    fc.assert(
      fc.property(decimalText, decimalText, (a, b) => {
        const exact = a.digits * 10n ** BigInt(b.scale) - b.digits * 10n ** BigInt(a.scale);
        expect(cmp(a.text, b.text)).toBe(exact === 0n ? 0 : exact < 0n ? -1 : 1);
      }),
    );
  });
});

describe(parseOperandNumber.name, () => {
  it('default', () => {
    expect(parseOperandNumber('5')).toEqual<GoBigFloat>({ mant: 5n, exp: 0 });
    expect(parseOperandNumber('5.')).toEqual(parseOperandNumber('5.0'));
  });

  it('error: no number', () => {
    expect(parseOperandNumber('x')).toBeUndefined();
  });
});
