// The --keystore-dir: every call re-reads the directory, so a key written by any replica (or
// copied in by an operator) is seen at once and nothing stale outlives a removed file. Parsed
// addresses are remembered per file name, size and mtime only to skip re-parsing unchanged files.
import { mkdir, open, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { isSkippedName, keyFileName } from './key-file-name';
import type { KeyFileJson } from './key-file';

export interface DirectoryClaim {
  release(): Promise<void>;
}

export interface KeyFileEntry {
  /** Lowercase 0x-address the file declares. */
  readonly address: string;
  readonly fileName: string;
}

interface Parsed {
  readonly stamp: string;
  readonly address: string | null;
}

const ADDRESS_FIELD = /^(0x)?[0-9a-fA-F]{40}$/;

/** Where key files are kept: a directory on disk, or memory (`photon start`'s devnet without --data-dir). */
export interface KeyFiles {
  list(): Promise<KeyFileEntry[]>;
  find(address: string): Promise<KeyFileEntry | undefined>;
  read(entry: KeyFileEntry): Promise<unknown>;
  write(json: KeyFileJson): Promise<KeyFileEntry>;
  claim(name: string, staleMs: number): Promise<DirectoryClaim | null>;
  claimed(name: string, staleMs: number): Promise<boolean>;
}

export class KeyDirectory implements KeyFiles {
  private readonly parsed = new Map<string, Parsed>();

  constructor(readonly path: string) {}

  /** Every key file, sorted by name (so by creation time for geth-named files), as geth lists them. */
  async list(): Promise<KeyFileEntry[]> {
    let names: string[];
    try {
      names = await readdir(this.path);
    } catch (error) {
      // No directory yet: it is created with the first key, so a fresh tier has no accounts.
      if (isNotFound(error)) return [];
      throw error;
    }
    const entries: KeyFileEntry[] = [];
    for (const fileName of names.filter((name) => !isSkippedName(name)).sort()) {
      const address = await this.addressOf(fileName);
      if (address !== null) entries.push({ address, fileName });
    }
    for (const name of this.parsed.keys()) if (!names.includes(name)) this.parsed.delete(name);
    return entries;
  }

  /** The first key file of `address` (any case), or undefined. */
  async find(address: string): Promise<KeyFileEntry | undefined> {
    const wanted = address.toLowerCase();
    return (await this.list()).find((entry) => entry.address === wanted);
  }

  /** The JSON of a key file, read afresh. */
  async read(entry: KeyFileEntry): Promise<unknown> {
    return JSON.parse(await readFile(join(this.path, entry.fileName), 'utf8')) as unknown;
  }

  /**
   * Writes a new key file atomically: a hidden temporary file (which readers skip) is written,
   * flushed and renamed into place, so no replica ever reads half a key. Mode 0600, dir 0700, as geth.
   */
  async write(json: KeyFileJson): Promise<KeyFileEntry> {
    await mkdir(this.path, { recursive: true, mode: 0o700 });
    const fileName = keyFileName(json.address);
    const temporary = join(this.path, `.${fileName}.${randomBytes(4).toString('hex')}.tmp`);
    try {
      const handle = await open(temporary, 'wx', 0o600);
      try {
        await handle.writeFile(JSON.stringify(json));
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, join(this.path, fileName));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { address: `0x${json.address}`, fileName };
  }

  /**
   * Takes the claim `name` among every replica sharing this directory: a hidden file created
   * exclusively (readers skip it), so one replica at a time does the work it guards. A claim older
   * than `staleMs` is a holder that died mid-way and is taken over. Null: another replica holds it.
   */
  async claim(name: string, staleMs: number): Promise<DirectoryClaim | null> {
    await mkdir(this.path, { recursive: true, mode: 0o700 });
    const path = join(this.path, `.${name}.claim`);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        await (await open(path, 'wx', 0o600)).close();
        return { release: () => rm(path, { force: true }) };
      } catch (error) {
        if (!isExists(error)) throw error;
      }
      const age = await ageMs(path);
      if (age === null || age < staleMs) return null;
      await rm(path, { force: true });
    }
    return null;
  }

  /** True while the claim `name` is held (and not stale). */
  async claimed(name: string, staleMs: number): Promise<boolean> {
    const age = await ageMs(join(this.path, `.${name}.claim`));
    return age !== null && age < staleMs;
  }

  private async addressOf(fileName: string): Promise<string | null> {
    const path = join(this.path, fileName);
    let stamp: string;
    try {
      const info = await stat(path);
      if (!info.isFile()) return null;
      stamp = `${info.size}:${info.mtimeMs}`;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
    const known = this.parsed.get(fileName);
    if (known?.stamp === stamp) return known.address;
    const address = await readAddress(path);
    this.parsed.set(fileName, { stamp, address });
    return address;
  }
}

// A file that is not a key file (or a v3 file without an address) is skipped, as geth skips it.
async function readAddress(path: string): Promise<string | null> {
  try {
    const json = JSON.parse(await readFile(path, 'utf8')) as unknown;
    if (json === null || typeof json !== 'object') return null;
    const address = (json as Record<string, unknown>)['address'];
    if (typeof address !== 'string' || !ADDRESS_FIELD.test(address)) return null;
    return `0x${address.replace(/^0x/, '').toLowerCase()}`;
  } catch {
    return null;
  }
}

async function ageMs(path: string): Promise<number | null> {
  try {
    return Date.now() - (await stat(path)).mtimeMs;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

const isExists = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'EEXIST';

// Duck-typed: errors from node:fs are not instances of this realm's Error under jest.
const isNotFound = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';
