// Bech32 (BIP-173) for the Cosmos addresses x/evm's ValidatorAccount speaks: a consensus address in, an
// account address out. Only what those two need: 20-byte payloads, no length quirks.

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3] as const;

function polymod(values: readonly number[]): number {
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    GENERATORS.forEach((generator, i) => {
      if ((top >>> i) & 1) chk ^= generator;
    });
  }
  return chk >>> 0;
}

const hrpExpand = (hrp: string): number[] => [
  ...[...hrp].map((c) => c.charCodeAt(0) >>> 5),
  0,
  ...[...hrp].map((c) => c.charCodeAt(0) & 31),
];

/** Regroups bits (8 → 5 to encode, 5 → 8 to decode); undefined when the padding is not zero. */
function convertBits(data: readonly number[], from: number, to: number, pad: boolean): number[] | undefined {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  const max = (1 << to) - 1;
  for (const value of data) {
    acc = (acc << from) | value;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >>> bits) & max);
    }
  }
  if (pad) {
    if (bits > 0) out.push((acc << (to - bits)) & max);
  } else if (bits >= from || ((acc << (to - bits)) & max) !== 0) {
    return undefined;
  }
  return out;
}

export function bech32Encode(hrp: string, bytes: Uint8Array): string {
  const data = convertBits([...bytes], 8, 5, true) ?? [];
  const mod = polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((v) => CHARSET[v]).join('')}`;
}

/** The prefix and payload of a bech32 string; undefined when it is not valid bech32. */
export function bech32Decode(text: string): { prefix: string; bytes: Uint8Array } | undefined {
  const lower = text.toLowerCase();
  if (lower !== text && text.toUpperCase() !== text) return undefined;
  const separator = lower.lastIndexOf('1');
  if (separator < 1 || separator + 7 > lower.length) return undefined;
  const prefix = lower.slice(0, separator);
  const values = [...lower.slice(separator + 1)].map((c) => CHARSET.indexOf(c));
  if (values.some((v) => v < 0) || polymod([...hrpExpand(prefix), ...values]) !== 1) return undefined;
  const bytes = convertBits(values.slice(0, -6), 5, 8, false);
  return bytes === undefined ? undefined : { prefix, bytes: Uint8Array.from(bytes) };
}
