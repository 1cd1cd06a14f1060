// The keys of --api-keys-file: one `key limit` per line (limit in cost units per window, 0 = no
// limit; `#` starts a comment). A key is never kept in the clear past loading: the gateway knows each
// by a SHA-256 digest, which is also its rate-limit bucket, so no key reaches Redis, a log or a metric.
import { createHash } from 'node:crypto';
import { readFlagFile } from '@photon/config';

/** What a known key is allowed. */
export interface ApiKeyGrant {
  /** A short digest of the key: its bucket name, and the only way it is ever named. */
  readonly id: string;
  /** Cost units per window; 0 = no limit. */
  readonly limit: number;
}

export class ApiKeys {
  static readonly NONE = new ApiKeys(new Map());

  private constructor(private readonly grants: ReadonlyMap<string, ApiKeyGrant>) {}

  /** True when a keys file was given: then an X-Api-Key header is read (and an unknown one refused). */
  get configured(): boolean {
    return this.grants.size > 0;
  }

  /** The grant of a key; undefined for an unknown one. */
  grantOf(key: string): ApiKeyGrant | undefined {
    return this.grants.get(digest(key));
  }

  /** Parses the file's text; an error names the line, never the key on it. */
  static parse(text: string): ApiKeys {
    const grants = new Map<string, ApiKeyGrant>();
    text.split(/\r?\n/).forEach((raw, index) => {
      const line = raw.replace(/#.*$/, '').trim();
      if (line === '') return;
      const fields = line.split(/\s+/);
      const [key = '', limit] = fields;
      if (fields.length !== 2 || limit === undefined || !/^(0|[1-9]\d{0,14})$/.test(limit)) {
        throw new Error(`line ${index + 1} is not "key limit" (limit a whole number, 0 = unlimited)`);
      }
      if (key.length < 8) throw new Error(`line ${index + 1}: a key needs at least 8 characters`);
      const id = digest(key);
      if (grants.has(id)) throw new Error(`line ${index + 1} repeats a key of an earlier line`);
      grants.set(id, { id, limit: Number(limit) });
    });
    if (grants.size === 0) throw new Error('holds no key');
    return new ApiKeys(grants);
  }

  /** Reads --api-keys-file; null (the flag unset) is no keys. */
  static async load(path: string | null): Promise<ApiKeys> {
    if (path === null) return ApiKeys.NONE;
    const text = (await readFlagFile('api-keys-file', path)).toString('utf8');
    try {
      return ApiKeys.parse(text);
    } catch (error) {
      throw new Error(`--api-keys-file ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

const digest = (key: string): string => createHash('sha256').update(key).digest('hex').slice(0, 32);
