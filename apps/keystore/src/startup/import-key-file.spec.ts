import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readImportKeyFile } from './import-key-file';

const KEY = '4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318';

describe(readImportKeyFile.name, () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'photon-import-key-'));
  });
  afterAll(() => rm(scratch, { recursive: true, force: true }));

  const fileWith = async (content: string) => {
    const path = join(scratch, `keys-${Math.random().toString(16).slice(2)}`);
    await writeFile(path, content, { mode: 0o600 });
    return path;
  };

  it('default: one key a line, 0x optional, blank lines skipped', async () => {
    const keys = await readImportKeyFile(await fileWith(`0x${KEY}\n\n${KEY}\n`));
    expect(keys.map((key) => Buffer.from(key).toString('hex'))).toEqual([KEY, KEY]);
  });

  it('error: a bad line is named by its number, and nothing of any line is quoted', async () => {
    const secret = 'Lorem-ipsum-passphrase';
    for (const line of [secret, `${KEY.slice(0, 63)}Z`, KEY.slice(2), 'f'.repeat(64)]) {
      const path = await fileWith(`${KEY}\n${line}\n`);
      const error = await readImportKeyFile(path).catch((thrown: unknown) => thrown);
      expect(error).toEqual(new Error('--import-key-file: line 2 is not a 32-byte hex private key'));
    }
  });
});
