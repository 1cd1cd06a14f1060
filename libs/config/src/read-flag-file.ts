// Reads the file a flag names (--keystore-kek-file, --passphrase-file); a failure names the flag,
// the path and the errno code, never the content.
import { readFile } from 'node:fs/promises';

export async function readFlagFile(flag: string, path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    // Duck-typed: errors from node:fs are not instances of this realm's Error under jest.
    const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
    throw new Error(`--${flag}: cannot read ${path}${typeof code === 'string' ? ` (${code})` : ''}`);
  }
}
