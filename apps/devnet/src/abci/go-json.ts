// Go's encoding/json syntax check (scanner.go, run before any decoding), so a malformed `args` or
// `overrides` in an EthCall fails with the text an Ethermint node sends, e.g. "invalid character 'x'
// looking for beginning of value" or "unexpected end of JSON input".

class JsonSyntaxError extends Error {}

/** encoding/json quoteChar: a byte as Go quotes it in scanner errors. */
function quoteChar(c: number): string {
  if (c === 0x27) return `'\\''`;
  if (c === 0x22) return `'"'`;
  // strconv.Quote(string(rune(c))), without its double quotes.
  const named: Record<number, string> = {
    0x07: '\\a',
    0x08: '\\b',
    0x09: '\\t',
    0x0a: '\\n',
    0x0b: '\\v',
    0x0c: '\\f',
    0x0d: '\\r',
    0x5c: '\\\\',
  };
  const escape = named[c];
  if (escape !== undefined) return `'${escape}'`;
  if (c < 0x20 || c === 0x7f) return `'\\x${c.toString(16).padStart(2, '0')}'`;
  if ((c >= 0x80 && c <= 0xa0) || c === 0xad) return `'\\u${c.toString(16).padStart(4, '0')}'`;
  return `'${String.fromCharCode(c)}'`;
}

const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isHexDigit = (c: number): boolean => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);

/** A recursive-descent twin of Go's state machine; at the end of input Go feeds one space, so do we. */
class Scanner {
  private pos = 0;

  constructor(private readonly data: Uint8Array) {}

  /** The byte at the cursor, or the space Go's `eof()` steps with. */
  private peek(): number | undefined {
    return this.data[this.pos];
  }

  private fail(c: number | undefined, context: string): never {
    if (c === undefined) throw new JsonSyntaxError('unexpected end of JSON input');
    throw new JsonSyntaxError(`invalid character ${quoteChar(c)} ${context}`);
  }

  /** Inside a number or literal, end of input is Go's trailing space. */
  private failAtSpace(c: number | undefined, context: string): never {
    return this.fail(c ?? 0x20, context);
  }

  private skipSpace(): number | undefined {
    while (this.pos < this.data.length && isSpace(this.data[this.pos] ?? 0)) this.pos++;
    return this.peek();
  }

  check(): void {
    this.value();
    const c = this.skipSpace();
    if (c !== undefined) this.fail(c, 'after top-level value');
  }

  private value(): void {
    const c = this.skipSpace();
    if (c === undefined) this.fail(c, '');
    switch (c) {
      case 0x7b:
        this.pos++;
        return this.object();
      case 0x5b:
        this.pos++;
        return this.array();
      case 0x22:
        this.pos++;
        return this.string();
      case 0x74:
        return this.literal('true');
      case 0x66:
        return this.literal('false');
      case 0x6e:
        return this.literal('null');
      default:
        if (c === 0x2d || isDigit(c)) return this.number();
        this.fail(c, 'looking for beginning of value');
    }
  }

  private object(): void {
    if (this.skipSpace() === 0x7d) {
      this.pos++;
      return;
    }
    for (;;) {
      const key = this.skipSpace();
      if (key !== 0x22) this.fail(key, 'looking for beginning of object key string');
      this.pos++;
      this.string();
      const colon = this.skipSpace();
      if (colon !== 0x3a) this.fail(colon, 'after object key');
      this.pos++;
      this.value();
      const next = this.skipSpace();
      this.pos++;
      if (next === 0x7d) return;
      if (next !== 0x2c) this.fail(next, 'after object key:value pair');
    }
  }

  private array(): void {
    if (this.skipSpace() === 0x5d) {
      this.pos++;
      return;
    }
    for (;;) {
      this.value();
      const next = this.skipSpace();
      this.pos++;
      if (next === 0x5d) return;
      if (next !== 0x2c) this.fail(next, 'after array element');
    }
  }

  private string(): void {
    for (;;) {
      const c = this.peek();
      this.pos++;
      if (c === undefined) this.fail(c, '');
      if (c === 0x22) return;
      if (c < 0x20) this.fail(c, 'in string literal');
      if (c !== 0x5c) continue;
      const escape = this.peek();
      this.pos++;
      if (escape === undefined) this.fail(escape, '');
      if (escape === 0x75) {
        for (let i = 0; i < 4; i++) {
          const h = this.peek();
          this.pos++;
          if (h === undefined) this.fail(h, '');
          if (!isHexDigit(h)) this.fail(h, 'in \\u hexadecimal character escape');
        }
      } else if (!'bfnrt\\/"'.includes(String.fromCharCode(escape))) {
        this.fail(escape, 'in string escape code');
      }
    }
  }

  private digits(): void {
    while (isDigit(this.peek() ?? 0x20)) this.pos++;
  }

  private number(): void {
    if (this.peek() === 0x2d) {
      this.pos++;
      const first = this.peek();
      if (first === undefined || !isDigit(first)) this.failAtSpace(first, 'in numeric literal');
    }
    if (this.peek() === 0x30) this.pos++;
    else this.digits();
    if (this.peek() === 0x2e) {
      this.pos++;
      const first = this.peek();
      if (first === undefined || !isDigit(first)) {
        this.failAtSpace(first, 'after decimal point in numeric literal');
      }
      this.digits();
    }
    const e = this.peek();
    if (e === 0x65 || e === 0x45) {
      this.pos++;
      if (this.peek() === 0x2b || this.peek() === 0x2d) this.pos++;
      const first = this.peek();
      if (first === undefined || !isDigit(first)) this.failAtSpace(first, 'in exponent of numeric literal');
      this.digits();
    }
  }

  private literal(word: 'true' | 'false' | 'null'): void {
    this.pos++;
    for (const expected of word.slice(1)) {
      const c = this.peek();
      if (c !== expected.charCodeAt(0)) this.failAtSpace(c, `in literal ${word} (expecting '${expected}')`);
      this.pos++;
    }
  }
}

/** The text of the SyntaxError `json.Unmarshal` returns for `data`, or undefined when it is valid JSON. */
export function goJsonSyntaxError(data: Uint8Array): string | undefined {
  try {
    new Scanner(data).check();
    return undefined;
  } catch (error) {
    if (error instanceof JsonSyntaxError) return error.message;
    throw error;
  }
}
