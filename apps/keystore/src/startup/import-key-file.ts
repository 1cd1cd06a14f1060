// --import-key-file: raw private keys, hex (0x optional), one per line, as a Secret mounted as a
// file hands them over. Errors name the flag and the line number, never a line's content.
import { decodeRawPrivateKey } from '@photon/codec';
import { readFlagFile } from '@photon/config';

/** A line's key, checked as personal_importRawKey checks one (hex, 32 bytes, a valid secp256k1 scalar). */
function keyOfLine(line: string, lineNumber: number): Uint8Array {
  try {
    return decodeRawPrivateKey(line.replace(/^0x/, ''));
  } catch {
    // The codec's text may quote a character of the line: only the line number is told.
    throw new Error(`--import-key-file: line ${lineNumber} is not a 32-byte hex private key`);
  }
}

export async function readImportKeyFile(path: string): Promise<Uint8Array[]> {
  const content = await readFlagFile('import-key-file', path);
  const keys: Uint8Array[] = [];
  try {
    for (const [index, raw] of content.toString('utf8').split('\n').entries()) {
      const line = raw.trim();
      if (line === '') continue;
      keys.push(keyOfLine(line, index + 1));
    }
  } catch (error) {
    for (const key of keys) key.fill(0);
    throw error;
  } finally {
    content.fill(0);
  }
  if (keys.length === 0) throw new Error('--import-key-file: no key in the file');
  return keys;
}
