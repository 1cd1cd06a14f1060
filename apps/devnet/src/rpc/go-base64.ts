// Go's base64.StdEncoding.Decode, for the exact `illegal base64 data at input byte N` CometBFT answers
// when a []byte param (a tx) is not base64: the offset is where Go's decoder gives up, not a guess.

const PAD = 0x3d; // '='
const CR = 0x0d;
const LF = 0x0a;

const isAlphabet = (byte: number): boolean =>
  (byte >= 0x41 && byte <= 0x5a) || // A-Z
  (byte >= 0x61 && byte <= 0x7a) || // a-z
  (byte >= 0x30 && byte <= 0x39) || // 0-9
  byte === 0x2b || // +
  byte === 0x2f; // /

const isNewline = (byte: number): boolean => byte === CR || byte === LF;

/** The bytes of `text`, or Go's error text when Go's decoder refuses it (it skips \r and \n, as Go does). */
export function decodeGoBase64(text: string): Uint8Array | { error: string } {
  const src = Buffer.from(text, 'utf8');
  let si = 0;
  while (si < src.length) {
    const result = decodeQuantum(src, si);
    if (typeof result === 'object') return { error: `illegal base64 data at input byte ${result.corruptAt}` };
    si = result;
  }
  const stripped = Buffer.from(src.filter((byte) => !isNewline(byte)));
  return new Uint8Array(Buffer.from(stripped.toString('latin1'), 'base64'));
}

/** One 4-character quantum from `si` (encoding/base64 decodeQuantum): the next offset, or where it failed. */
function decodeQuantum(src: Buffer, start: number): number | { corruptAt: number } {
  let si = start;
  for (let j = 0; j < 4; j++) {
    if (si === src.length) {
      // Padding is required: a quantum may only end early at its first character.
      return j === 0 ? si : { corruptAt: si - j };
    }
    const byte = src[si]!;
    si++;
    if (isAlphabet(byte)) continue;
    if (isNewline(byte)) {
      j--;
      continue;
    }
    if (byte !== PAD || j < 2) return { corruptAt: si - 1 };
    if (j === 2) {
      // "==" is expected: the first "=" is consumed, newlines may sit between.
      while (si < src.length && isNewline(src[si]!)) si++;
      if (si === src.length) return { corruptAt: src.length };
      if (src[si] !== PAD) return { corruptAt: si - 1 };
      si++;
    }
    while (si < src.length && isNewline(src[si]!)) si++;
    // Anything after the padding is trailing garbage.
    return si < src.length ? { corruptAt: si } : si;
  }
  return si;
}
