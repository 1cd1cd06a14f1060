import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiKeys } from './api-keys';

describe(ApiKeys.name, () => {
  it('default: each key has its own limit; comments and blank lines are skipped', () => {
    const keys = ApiKeys.parse('# team keys\nalpha-key-1 500\n\n  beta-key-22   0  # unlimited\n');
    expect(keys.configured).toBe(true);
    expect(keys.grantOf('alpha-key-1')?.limit).toBe(500);
    expect(keys.grantOf('beta-key-22')?.limit).toBe(0);
    expect(keys.grantOf('gamma-key-3')).toBeUndefined();
  });

  it('behavior: a key is known by a digest that does not contain it', () => {
    const grant = ApiKeys.parse('alpha-key-1 500').grantOf('alpha-key-1');
    expect(grant?.id).toMatch(/^[0-9a-f]{32}$/);
    expect(grant?.id).not.toContain('alpha');
    expect(ApiKeys.NONE.configured).toBe(false);
  });

  it.each([
    ['alpha-key-1', 'line 1 is not "key limit"'],
    ['alpha-key-1 lots', 'line 1 is not "key limit"'],
    ['alpha-key-1 -5', 'line 1 is not "key limit"'],
    ['ok-key-000 1\nshort 5', 'line 2: a key needs at least 8 characters'],
    ['alpha-key-1 5\nalpha-key-1 6', 'line 2 repeats a key'],
    ['# nothing\n', 'holds no key'],
  ])('error: %j is refused (%s), never echoing the key', (text, message) => {
    expect(() => ApiKeys.parse(text)).toThrow(message);
    try {
      ApiKeys.parse(text);
    } catch (error) {
      expect(String(error)).not.toContain('alpha-key');
    }
  });

  it('error: a file that cannot be read or parsed names the flag and the path', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'api-keys-'));
    try {
      const file = join(dir, 'keys');
      await expect(ApiKeys.load(file)).rejects.toThrow(`--api-keys-file: cannot read ${file} (ENOENT)`);
      await writeFile(file, 'secret-key-9 x\n');
      await expect(ApiKeys.load(file)).rejects.toThrow(`--api-keys-file ${file}: line 1`);
      await writeFile(file, 'secret-key-9 7\n');
      expect((await ApiKeys.load(file)).grantOf('secret-key-9')?.limit).toBe(7);
      expect(await ApiKeys.load(null)).toBe(ApiKeys.NONE);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
