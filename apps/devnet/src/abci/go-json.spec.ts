import { goJsonSyntaxError } from './go-json';

const check = (text: string): string | undefined => goJsonSyntaxError(Buffer.from(text, 'latin1'));

describe(goJsonSyntaxError.name, () => {
  it('default', () => {
    expect(
      check('\t\n{ "a" : [1, -2.5e-3, 0, 1E+2, true, false, null, "\\u00e9\\n\\"", {}] }  '),
    ).toBeUndefined();
    expect(check('null')).toBeUndefined();
  });

  it.each([
    ['', 'unexpected end of JSON input'],
    ['{', 'unexpected end of JSON input'],
    ['{"a":1', 'unexpected end of JSON input'],
    ['"abc', 'unexpected end of JSON input'],
    ['x', "invalid character 'x' looking for beginning of value"],
    ["'", "invalid character '\\'' looking for beginning of value"],
    ['{"a" 1}', "invalid character '1' after object key"],
    ['{"a":1 "b":2}', "invalid character '\"' after object key:value pair"],
    ['{1}', "invalid character '1' looking for beginning of object key string"],
    ['{"a":1,}', "invalid character '}' looking for beginning of object key string"],
    ['[1 2]', "invalid character '2' after array element"],
    ['[1,]', "invalid character ']' looking for beginning of value"],
    ['{} x', "invalid character 'x' after top-level value"],
    ['01', "invalid character '1' after top-level value"],
    ['-', "invalid character ' ' in numeric literal"],
    ['-x', "invalid character 'x' in numeric literal"],
    ['1.', "invalid character ' ' after decimal point in numeric literal"],
    ['[1.e1]', "invalid character 'e' after decimal point in numeric literal"],
    ['1e+', "invalid character ' ' in exponent of numeric literal"],
    ['tru', "invalid character ' ' in literal true (expecting 'e')"],
    ['nul1', "invalid character '1' in literal null (expecting 'l')"],
    ['"a\x01"', "invalid character '\\x01' in string literal"],
    ['"\\q"', "invalid character 'q' in string escape code"],
    ['"\\u12g4"', "invalid character 'g' in \\u hexadecimal character escape"],
    ['\xc3', "invalid character 'Ã' looking for beginning of value"],
  ])('error: %j', (text, message) => {
    expect(check(text)).toBe(message);
  });
});
