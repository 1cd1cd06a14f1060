// The lexer of CometBFT's event query language (libs/pubsub/query/syntax/scanner.go): same tokens,
// same byte offsets, same error text, including its quirks (an unterminated string reads as EOF).
import { parseGoTime } from './go-time';

export type Token =
  | 'invalid'
  | 'tag'
  | 'string'
  | 'number'
  | 'time'
  | 'date'
  | 'AND'
  | 'CONTAINS'
  | 'EXISTS'
  | '='
  | '<'
  | '<='
  | '>'
  | '>=';

/** Token names as they appear in parse errors. */
export const TOKEN_NAMES: Readonly<Record<Token, string>> = {
  invalid: 'invalid token',
  tag: 'tag',
  string: 'string',
  number: 'number',
  time: 'timestamp',
  date: 'datestamp',
  AND: 'AND operator',
  CONTAINS: 'CONTAINS operator',
  EXISTS: 'EXISTS operator',
  '=': '= operator',
  '<': '< operator',
  '<=': '<= operator',
  '>': '> operator',
  '>=': '>= operator',
};

/** Why `next` produced no token: the end of the input (Go's io.EOF) or a lexical error. */
export type ScanFailure = { readonly eof: true } | { readonly eof: false; readonly message: string };

const EOF: ScanFailure = { eof: true };
const QUOTE = 0x27;
const SPACE = 0x20;
const WHITE_SPACE = /^\p{White_Space}$/u;
const LETTER_OR_DIGIT = /^[\p{L}\p{Nd}]$/u;

export class Scanner {
  private readonly runes: readonly number[];
  private index = 0;
  /** Byte offset just past the last rune read. */
  private end = 0;
  /** Byte size of the last rune read; 0 after reading the end, so unread is then a no-op. */
  private last = 0;
  private buffer = '';
  private current: Token = 'invalid';
  private start = 0;

  constructor(input: string) {
    // Go reads UTF-8: a lone surrogate arrives as U+FFFD (three bytes) once JSON-decoded.
    this.runes = Array.from(input, (char) => {
      const code = char.codePointAt(0) ?? 0xfffd;
      return code >= 0xd800 && code <= 0xdfff ? 0xfffd : code;
    });
  }

  get token(): Token {
    return this.current;
  }

  get text(): string {
    return this.buffer;
  }

  /** Byte offset of the current token. */
  get pos(): number {
    return this.start;
  }

  /** Advance to the next token; undefined on success. */
  next(): ScanFailure | undefined {
    this.buffer = '';
    this.start = this.end;
    this.current = 'invalid';
    for (;;) {
      const ch = this.read();
      if (ch === undefined) return EOF;
      if (isSpace(ch)) {
        this.start = this.end;
        continue;
      }
      if (isAsciiDigit(ch)) return this.scanNumber(ch);
      if (isFirstTagRune(ch)) return this.scanTagLike(ch);
      if (ch === QUOTE) return this.scanString();
      if (ch === 0x3c || ch === 0x3e || ch === 0x3d) return this.scanCompare(ch);
      return { eof: false, message: `invalid input ${String.fromCodePoint(ch)} at offset ${this.end}` };
    }
  }

  private scanNumber(first: number): undefined {
    this.write(first);
    this.scanWhile(isAsciiDigit);
    const ch = this.read();
    if (ch === 0x2e) {
      this.write(ch);
      this.scanWhile(isAsciiDigit);
    } else {
      this.unread();
    }
    this.current = 'number';
    return undefined;
  }

  private scanString(): ScanFailure | undefined {
    for (;;) {
      const ch = this.read();
      if (ch === undefined) return EOF;
      if (ch === QUOTE) {
        this.current = 'string';
        return undefined;
      }
      this.write(ch);
    }
  }

  private scanCompare(first: number): undefined {
    this.write(first);
    if (first === 0x3d) {
      this.current = '=';
      return undefined;
    }
    this.current = first === 0x3c ? '<' : '>';
    const ch = this.read();
    if (ch === undefined) return undefined;
    if (ch === 0x3d) {
      this.write(ch);
      this.current = first === 0x3c ? '<=' : '>=';
    } else {
      this.unread();
    }
    return undefined;
  }

  private scanTagLike(first: number): ScanFailure | undefined {
    this.write(first);
    let hasSpace = false;
    for (;;) {
      const ch = this.read();
      if (ch === undefined) break;
      if (!isTagRune(ch)) {
        hasSpace = ch === SPACE; // TIME and DATE take their value after exactly one space
        break;
      }
      this.write(ch);
    }
    switch (this.buffer) {
      case 'TIME':
        if (hasSpace) return this.scanStamp('time');
        this.current = 'tag';
        break;
      case 'DATE':
        if (hasSpace) return this.scanStamp('date');
        this.current = 'tag';
        break;
      case 'AND':
      case 'EXISTS':
      case 'CONTAINS':
        this.current = this.buffer;
        break;
      default:
        this.current = 'tag';
    }
    this.unread();
    return undefined;
  }

  private scanStamp(kind: 'time' | 'date'): ScanFailure | undefined {
    this.buffer = ''; // drop the TIME / DATE label
    this.scanWhile(kind === 'time' ? isTimeRune : isDateRune);
    const parsed = parseGoTime(kind === 'time' ? 'rfc3339' : 'date', this.buffer);
    const label = kind === 'time' ? 'TIME' : 'DATE';
    if (!parsed.ok) return { eof: false, message: `invalid ${label} value: ${parsed.error}` };
    const { year } = parsed.time;
    if (year < 1900 || year > 2999) {
      return {
        eof: false,
        message: `${kind === 'time' ? 'timestamp' : 'datestamp'} year ${year} out of range`,
      };
    }
    this.current = kind;
    return undefined;
  }

  private scanWhile(accept: (ch: number) => boolean): void {
    for (;;) {
      const ch = this.read();
      if (ch === undefined) return;
      if (!accept(ch)) {
        this.unread();
        return;
      }
      this.write(ch);
    }
  }

  private read(): number | undefined {
    const ch = this.runes[this.index];
    if (ch === undefined) {
      this.last = 0;
      return undefined;
    }
    this.index++;
    this.last = utf8Length(ch);
    this.end += this.last;
    return ch;
  }

  private unread(): void {
    if (this.last === 0) return;
    this.index--;
    this.end -= this.last;
    this.last = 0;
  }

  private write(ch: number): void {
    this.buffer += String.fromCodePoint(ch);
  }
}

function utf8Length(ch: number): number {
  if (ch < 0x80) return 1;
  if (ch < 0x800) return 2;
  return ch < 0x10000 ? 3 : 4;
}

function isSpace(ch: number): boolean {
  return WHITE_SPACE.test(String.fromCodePoint(ch));
}

function isAsciiDigit(ch: number): boolean {
  return ch >= 0x30 && ch <= 0x39;
}

function isFirstTagRune(ch: number): boolean {
  return ch === 0x5f || LETTER_OR_DIGIT.test(String.fromCodePoint(ch));
}

function isTagRune(ch: number): boolean {
  return ch === 0x2e || ch === 0x2d || isFirstTagRune(ch);
}

function isTimeRune(ch: number): boolean {
  return isAsciiDigit(ch) || ch === 0x2d || ch === 0x54 || ch === 0x3a || ch === 0x2b || ch === 0x5a;
}

function isDateRune(ch: number): boolean {
  return isAsciiDigit(ch) || ch === 0x2d;
}
