// geth's --password file: one passphrase per line (CRLF tolerated); the i-th --unlock-key takes
// line i, and keys beyond the last line take the last one.
import { readFlagFile } from '@photon/config';

export async function readPassphraseFile(path: string): Promise<readonly string[]> {
  const content = await readFlagFile('passphrase-file', path);
  const lines = content
    .toString('utf8')
    .split('\n')
    .map((line) => line.replace(/\r+$/, ''));
  content.fill(0);
  // The newline that ends the last line does not start another (empty) passphrase.
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines;
}

export function passphraseFor(lines: readonly string[], index: number): string {
  return lines[Math.min(index, lines.length - 1)] ?? '';
}
