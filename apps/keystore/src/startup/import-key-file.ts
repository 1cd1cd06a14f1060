// --import-key-file: raw private keys, hex (0x optional), one per line, as a Secret mounted as a
// file hands them over. Errors name the flag and the line number, never a line's content.
import { readFlagFile } from '@photon/config';

const RAW_KEY = /^(0x)?[0-9a-fA-F]{64}$/;

export async function readImportKeyFile(path: string): Promise<Uint8Array[]> {
  const content = await readFlagFile('import-key-file', path);
  const keys: Uint8Array[] = [];
  try {
    for (const [index, raw] of content.toString('utf8').split('\n').entries()) {
      const line = raw.trim();
      if (line === '') continue;
      if (!RAW_KEY.test(line)) {
        throw new Error(`--import-key-file: line ${index + 1} is not a 32-byte hex private key`);
      }
      keys.push(Uint8Array.from(Buffer.from(line.replace(/^0x/, ''), 'hex')));
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
