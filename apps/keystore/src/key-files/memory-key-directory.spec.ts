import { Wallet, getBytes } from 'ethers';
import { LIGHT_SCRYPT, decryptKeyFile, encryptKeyFile } from './key-file';
import { MemoryKeyDirectory } from './memory-key-directory';

describe(MemoryKeyDirectory.name, () => {
  const newFile = () => encryptKeyFile(getBytes(Wallet.createRandom().privateKey), 'pw', LIGHT_SCRYPT);

  it('default: empty; files are listed in the order written and read back whole', async () => {
    const keys = new MemoryKeyDirectory();
    expect(await keys.list()).toEqual([]);
    const files = [await newFile(), await newFile(), await newFile()];
    const entries = [];
    for (const file of files) entries.push(await keys.write(file));
    expect(await keys.list()).toEqual(entries);
    expect(entries.map((entry) => entry.address)).toEqual(files.map((file) => `0x${file.address}`));
    expect(await keys.read(entries[1]!)).toEqual(files[1]);
    expect((await decryptKeyFile(await keys.read(entries[0]!), 'pw')).length).toBe(32);
  });

  it('behavior: find takes any letter case; another instance shares nothing', async () => {
    const keys = new MemoryKeyDirectory();
    const entry = await keys.write(await newFile());
    expect(await keys.find(entry.address.toUpperCase().replace('0X', '0x'))).toEqual(entry);
    expect(await new MemoryKeyDirectory().list()).toEqual([]);
  });

  it('behavior: a claim is held until released or stale', async () => {
    const keys = new MemoryKeyDirectory();
    const claim = await keys.claim('import-x', 60_000);
    expect(claim).not.toBeNull();
    expect(await keys.claim('import-x', 60_000)).toBeNull();
    expect(await keys.claimed('import-x', 60_000)).toBe(true);
    expect(await keys.claimed('import-x', -1)).toBe(false);
    await claim!.release();
    expect(await keys.claimed('import-x', 60_000)).toBe(false);
    expect(await keys.claim('import-x', 60_000)).not.toBeNull();
  });
});
