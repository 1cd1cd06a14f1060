// Bech32 (BIP-173) as the Cosmos SDK reads and writes addresses (types/bech32 over cosmos/btcutil bech32),
// with btcutil's error texts: the one codec both the devnet and the engine client use for Cosmos addresses.
import { EthermintWireError } from '../errors';

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
/** The length limit cosmos-sdk's DecodeAndConvert passes to bech32.Decode. */
const MAX_LENGTH = 1023;

function polymod(hrp: string, values: readonly number[]): number {
  let chk = 1;
  const step = (value: number): void => {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    GENERATORS.forEach((generator, i) => {
      if ((top >>> i) & 1) chk ^= generator;
    });
  };
  for (const c of hrp) step(c.charCodeAt(0) >>> 5);
  step(0);
  for (const c of hrp) step(c.charCodeAt(0) & 31);
  values.forEach(step);
  return chk >>> 0;
}

function checksum(hrp: string, data: readonly number[]): string {
  const mod = polymod(hrp, [...data, 0, 0, 0, 0, 0, 0]) ^ 1;
  return Array.from({ length: 6 }, (_, i) => CHARSET[(mod >>> (5 * (5 - i))) & 31]).join('');
}

/** btcutil ConvertBits. */
function convertBits(data: readonly number[], fromBits: number, toBits: number, pad: boolean): number[] {
  const out: number[] = [];
  let next = 0;
  let filled = 0;
  for (const value of data) {
    let byte = (value << (8 - fromBits)) & 0xff;
    let remaining = fromBits;
    while (remaining > 0) {
      const take = Math.min(remaining, toBits - filled);
      next = ((next << take) | (byte >>> (8 - take))) & 0xff;
      byte = (byte << take) & 0xff;
      remaining -= take;
      filled += take;
      if (filled === toBits) {
        out.push(next);
        filled = 0;
        next = 0;
      }
    }
  }
  if (pad && filled > 0) {
    out.push((next << (toBits - filled)) & 0xff);
    filled = 0;
    next = 0;
  }
  if (filled > 0 && (filled > 4 || next !== 0)) throw new Error('invalid incomplete group');
  return out;
}

/** `bech32.ConvertAndEncode(hrp, bytes)`: lowercase, like `sdk.AccAddress.String()`. */
export function bech32Encode(hrp: string, bytes: Uint8Array): string {
  const prefix = hrp.toLowerCase();
  const data = convertBits([...bytes], 8, 5, true);
  return `${prefix}1${data.map((value) => CHARSET[value]).join('')}${checksum(prefix, data)}`;
}

/** btcutil bech32.Decode(bech, 1023): the (lowercased) hrp and the 5-bit data, or btcutil's error text. */
function decode(text: string): { hrp: string; data: number[] } {
  // Go measures and indexes strings in bytes.
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > MAX_LENGTH || bytes.length < 8)
    throw new Error(`invalid bech32 string length ${bytes.length}`);
  let hasLower = false;
  let hasUpper = false;
  for (const byte of bytes) {
    if (byte < 33 || byte > 126)
      throw new Error(`invalid character in string: '${String.fromCharCode(byte)}'`);
    hasLower ||= byte >= 97 && byte <= 122;
    hasUpper ||= byte >= 65 && byte <= 90;
    if (hasLower && hasUpper) throw new Error('string not all lowercase or all uppercase');
  }
  const bech = bytes.toString('latin1').toLowerCase();
  const one = bech.lastIndexOf('1');
  if (one < 1 || one + 7 > bech.length) throw new Error(`invalid separator index ${one}`);
  const hrp = bech.slice(0, one);
  const values: number[] = [];
  for (const c of bech.slice(one + 1)) {
    const value = CHARSET.indexOf(c);
    if (value < 0) throw new Error(`invalid character not part of charset: ${c.charCodeAt(0)}`);
    values.push(value);
  }
  const data = values.slice(0, -6);
  if (polymod(hrp, values) !== 1) {
    throw new Error(`invalid checksum (expected ${checksum(hrp, data)} got ${bech.slice(-6)})`);
  }
  return { hrp, data };
}

/**
 * cosmos-sdk `bech32.DecodeAndConvert` without its "decoding bech32 failed: " prefix: the (lowercased) hrp
 * and the bytes, or an EthermintWireError `invalid-bech32` whose detail is btcutil's error text.
 */
export function bech32Decode(text: string): { hrp: string; bytes: Uint8Array } {
  try {
    const { hrp, data } = decode(text);
    return { hrp, bytes: Uint8Array.from(convertBits(data, 5, 8, false)) };
  } catch (error) {
    throw new EthermintWireError('invalid-bech32', (error as Error).message, { cause: error });
  }
}
