// Key files kept in memory, for a keystore that lives and dies with its chain (`photon start`'s own
// devnet without --data-dir): the same contract as a directory on disk, gone when the process ends.
import type { DirectoryClaim, KeyFileEntry, KeyFiles } from './key-directory';
import type { KeyFileJson } from './key-file';
import { keyFileName } from './key-file-name';

export class MemoryKeyDirectory implements KeyFiles {
  /** File name → the key file's JSON text, in the order written (so by creation time, as on disk). */
  private readonly files = new Map<string, string>();
  private readonly claims = new Map<string, number>();

  list(): Promise<KeyFileEntry[]> {
    return Promise.resolve(
      [...this.files.entries()].map(([fileName, text]) => ({
        fileName,
        address: `0x${(JSON.parse(text) as KeyFileJson).address.toLowerCase()}`,
      })),
    );
  }

  async find(address: string): Promise<KeyFileEntry | undefined> {
    const wanted = address.toLowerCase();
    return (await this.list()).find((entry) => entry.address === wanted);
  }

  read(entry: KeyFileEntry): Promise<unknown> {
    const text = this.files.get(entry.fileName);
    if (text === undefined) return Promise.reject(new Error(`key file ${entry.fileName} is gone`));
    // A copy, as a read from disk would be: a caller cannot change the stored file.
    return Promise.resolve(JSON.parse(text) as unknown);
  }

  write(json: KeyFileJson): Promise<KeyFileEntry> {
    const fileName = keyFileName(json.address);
    this.files.set(fileName, JSON.stringify(json));
    return Promise.resolve({ address: `0x${json.address.toLowerCase()}`, fileName });
  }

  // One process holds this directory, so a claim only guards against this process's own callers.
  claim(name: string, staleMs: number): Promise<DirectoryClaim | null> {
    const since = this.claims.get(name);
    if (since !== undefined && Date.now() - since < staleMs) return Promise.resolve(null);
    this.claims.set(name, Date.now());
    return Promise.resolve({
      release: () => {
        this.claims.delete(name);
        return Promise.resolve();
      },
    });
  }

  claimed(name: string, staleMs: number): Promise<boolean> {
    const since = this.claims.get(name);
    return Promise.resolve(since !== undefined && Date.now() - since < staleMs);
  }
}
