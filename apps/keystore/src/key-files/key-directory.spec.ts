import { Wallet, getBytes } from 'ethers';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KeyDirectory } from './key-directory';
import { LIGHT_SCRYPT, encryptKeyFile } from './key-file';
import { keyFileName } from './key-file-name';

const GETH_NAME = /^UTC--\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{9}Z--[0-9a-f]{40}$/;

describe(KeyDirectory.name, () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'photon-keydir-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const newFile = () => encryptKeyFile(getBytes(Wallet.createRandom().privateKey), 'pw', LIGHT_SCRYPT);

  it('default: a missing directory has no keys; the first write creates it (0700) with a 0600 file', async () => {
    const keys = new KeyDirectory(join(dir, 'keystore'));
    expect(await keys.list()).toEqual([]);
    const file = await newFile();
    const entry = await keys.write(file);
    expect(entry).toEqual({ address: `0x${file.address}`, fileName: expect.stringMatching(GETH_NAME) });
    expect(entry.fileName.endsWith(file.address)).toBe(true);
    expect((await stat(join(dir, 'keystore'))).mode & 0o777).toBe(0o700);
    expect((await stat(join(dir, 'keystore', entry.fileName))).mode & 0o777).toBe(0o600);
    // The temporary file was renamed into place: nothing else is left.
    expect(await readdir(join(dir, 'keystore'))).toEqual([entry.fileName]);
    expect(await keys.list()).toEqual([entry]);
    expect(await keys.read(entry)).toEqual(file);
  });

  it('behavior: every call re-reads the directory (files copied in or removed by others)', async () => {
    const keys = new KeyDirectory(dir);
    const other = new KeyDirectory(dir);
    const first = await keys.write(await newFile());
    expect(await other.list()).toEqual([first]);
    const copied = await newFile();
    const copiedName = keyFileName(copied.address);
    await writeFile(join(dir, copiedName), JSON.stringify(copied));
    expect((await keys.list()).map((entry) => entry.fileName)).toEqual([first.fileName, copiedName].sort());
    await rm(join(dir, first.fileName));
    expect(await keys.list()).toEqual([{ address: `0x${copied.address}`, fileName: copiedName }]);
    expect(await keys.find(first.address)).toBeUndefined();
  });

  it('behavior: find takes any letter case', async () => {
    const keys = new KeyDirectory(dir);
    const entry = await keys.write(await newFile());
    expect(await keys.find(entry.address.toUpperCase().replace('0X', '0x'))).toEqual(entry);
  });

  it('behavior: hidden files, backups, directories and files that are no key files are skipped', async () => {
    const keys = new KeyDirectory(dir);
    const file = await newFile();
    const json = JSON.stringify(file);
    await writeFile(join(dir, `.${keyFileName(file.address)}.tmp`), json);
    await writeFile(join(dir, `${keyFileName(file.address)}~`), json);
    await writeFile(join(dir, 'notes.txt'), 'hello');
    await writeFile(join(dir, 'no-address.json'), JSON.stringify({ ...file, address: undefined }));
    await mkdir(join(dir, 'sub'));
    expect(await keys.list()).toEqual([]);
  });
});

describe(keyFileName.name, () => {
  it('default: geth format, UTC with - for :, nanoseconds, bare lowercase address', () => {
    const name = keyFileName(
      '0xAbCdEf0000000000000000000000000000000001',
      new Date('2016-03-22T12:57:55.920Z'),
    );
    expect(name).toMatch(/^UTC--2016-03-22T12-57-55\.920\d{6}Z--abcdef0000000000000000000000000000000001$/);
  });

  it('behavior: names made in the same millisecond differ', () => {
    const now = new Date();
    const names = new Set(Array.from({ length: 100 }, () => keyFileName('0x' + '1'.repeat(40), now)));
    expect(names.size).toBe(100);
  });
});
