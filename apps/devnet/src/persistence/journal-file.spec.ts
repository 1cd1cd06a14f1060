// The journal keeps every record appended before a crash and cuts off only a torn last frame;
// damage anywhere else is reported instead of silently dropping the blocks behind it.
import { appendFile, mkdtemp, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JournalCorruptError, JournalFile } from './journal-file';

const payload = (text: string) => new Uint8Array(Buffer.from(text));
const texts = (records: readonly Uint8Array[]) => records.map((r) => Buffer.from(r).toString());
const flipByte = (bytes: Buffer, at: number) => bytes.writeUInt8(bytes.readUInt8(at) ^ 0xff, at);

describe(JournalFile.name, () => {
  let dir: string;
  let path: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'photon-journal-'));
    path = join(dir, 'chain.journal');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  async function write(records: string[]): Promise<void> {
    const { journal } = await JournalFile.open(path);
    for (const record of records) await journal.append(payload(record));
    await journal.close();
  }

  async function reopen() {
    const opened = await JournalFile.open(path);
    await opened.journal.close();
    return { records: texts(opened.records), discardedBytes: opened.discardedBytes };
  }

  it('default: records come back in order after a reopen', async () => {
    await write(['genesis', 'block 1', 'block 2']);
    expect(await reopen()).toEqual({ records: ['genesis', 'block 1', 'block 2'], discardedBytes: 0 });
    await write(['block 3']);
    expect((await reopen()).records).toEqual(['genesis', 'block 1', 'block 2', 'block 3']);
  });

  it('behavior: a new file starts with no records', async () => {
    const opened = await JournalFile.open(path);
    expect(opened.records).toEqual([]);
    expect(opened.journal.bytes).toBe(8);
    await opened.journal.close();
  });

  it('behavior: a frame torn by a crash is cut off and appends continue after the intact ones', async () => {
    await write(['genesis', 'block 1', 'block 2']);
    const size = (await stat(path)).size;
    await truncate(path, size - 3);
    expect(await reopen()).toEqual({ records: ['genesis', 'block 1'], discardedBytes: 8 + 7 - 3 });
    expect((await stat(path)).size).toBe(size - 15);
    await write(['block 2 again']);
    expect((await reopen()).records).toEqual(['genesis', 'block 1', 'block 2 again']);
  });

  it('behavior: a torn frame header and a zero-filled tail are cut off', async () => {
    await write(['genesis']);
    await appendFile(path, Buffer.from([5, 0, 0]));
    expect(await reopen()).toEqual({ records: ['genesis'], discardedBytes: 3 });
    await appendFile(path, Buffer.alloc(64));
    expect(await reopen()).toEqual({ records: ['genesis'], discardedBytes: 64 });
  });

  it('behavior: a last frame failing its checksum is a torn tail', async () => {
    await write(['genesis', 'block 1']);
    const bytes = await readFile(path);
    flipByte(bytes, bytes.length - 1);
    await writeFile(path, bytes);
    expect(await reopen()).toEqual({ records: ['genesis'], discardedBytes: 8 + 7 });
  });

  it('behavior: a file torn while it was being created starts over', async () => {
    await writeFile(path, 'PHOT');
    expect(await reopen()).toEqual({ records: [], discardedBytes: 0 });
    await write(['genesis']);
    expect((await reopen()).records).toEqual(['genesis']);
  });

  it('error: a checksum mismatch with records after it is damage, not a crash', async () => {
    await write(['genesis', 'block 1', 'block 2']);
    const bytes = await readFile(path);
    flipByte(bytes, 8 + 8); // first byte of the genesis payload
    await writeFile(path, bytes);
    const opening = JournalFile.open(path);
    await expect(opening).rejects.toThrow(JournalCorruptError);
    await expect(opening).rejects.toThrow(
      `${path}: record 1 at byte 8 fails its checksum and more data follows; the file is damaged`,
    );
    expect((await readFile(path)).equals(bytes)).toBe(true);
  });

  it('error: a file that is not a journal', async () => {
    await writeFile(path, 'not a journal at all');
    await expect(JournalFile.open(path)).rejects.toThrow(`${path} is not a Photon devnet journal`);
  });

  it('error: after a failed append every later append fails, and the file keeps what was written', async () => {
    const { journal } = await JournalFile.open(path);
    await journal.append(payload('genesis'));
    await journal.close(); // the next write fails as a full disk would
    const failed = journal.append(payload('block 1'));
    await expect(failed).rejects.toThrow();
    const error = await failed.catch((e: unknown) => e);
    await expect(journal.append(payload('block 2'))).rejects.toBe(error);
    expect(await reopen()).toEqual({ records: ['genesis'], discardedBytes: 0 });
  });

  it('error: an empty record', async () => {
    const { journal } = await JournalFile.open(path);
    await expect(journal.append(new Uint8Array())).rejects.toThrow('a journal record is never empty');
    await journal.close();
  });
});
