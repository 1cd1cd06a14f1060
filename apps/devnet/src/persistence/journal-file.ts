// An append-only file of checksummed records. Each append is one frame — length, CRC-32, payload —
// written in one call and fsynced before it resolves, so a crash can only tear the last frame,
// which open discards; damage anywhere else is reported, never skipped.
import { type FileHandle, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { crc32 } from 'node:zlib';

/** Identifies the file and its frame format. */
const MAGIC = Buffer.from('PHOTONJ1');
/** u32 LE payload length, u32 LE CRC-32 of the payload. */
const FRAME_HEADER_BYTES = 8;

/** The file cannot be trusted: something other than a torn last frame is wrong with it. */
export class JournalCorruptError extends Error {}

export interface OpenedJournal {
  readonly journal: JournalFile;
  /** Every intact record, in order (views into the file as read). */
  readonly records: readonly Uint8Array[];
  /** Bytes of a torn last frame that were cut off (0 when the file ended cleanly). */
  readonly discardedBytes: number;
}

interface Scan {
  readonly records: Uint8Array[];
  /** Where the intact part of the file ends. */
  readonly end: number;
}

/** Reads frames until the first bad one; a bad frame must be the file's torn tail. */
function scan(path: string, bytes: Buffer): Scan {
  const records: Uint8Array[] = [];
  let offset = MAGIC.length;
  while (offset < bytes.length) {
    const header = bytes.length - offset >= FRAME_HEADER_BYTES;
    const length = header ? bytes.readUInt32LE(offset) : 0;
    const end = offset + FRAME_HEADER_BYTES + length;
    const payload =
      header && end <= bytes.length ? bytes.subarray(offset + FRAME_HEADER_BYTES, end) : undefined;
    if (length > 0 && payload !== undefined && crc32(payload) === bytes.readUInt32LE(offset + 4)) {
      records.push(payload);
      offset = end;
      continue;
    }
    // A torn append leaves a prefix of the frame, possibly followed by zeros the filesystem
    // allocated: the bad frame reaches the end of the file, or nothing but zeros follows it.
    const tornTail = !header || end >= bytes.length || bytes.subarray(offset).every((byte) => byte === 0);
    if (!tornTail) {
      throw new JournalCorruptError(
        `${path}: record ${records.length + 1} at byte ${offset} fails its checksum and more data follows; the file is damaged`,
      );
    }
    break;
  }
  return { records, end: offset };
}

async function syncDirectory(path: string): Promise<void> {
  const directory = await open(dirname(path), 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

export class JournalFile {
  private failure: Error | undefined;

  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
    private size: number,
  ) {}

  /** Opens (creating it if missing) the journal at `path`, cutting off a torn last frame. */
  static async open(path: string): Promise<OpenedJournal> {
    const handle = await open(path, 'a+', 0o600);
    try {
      const bytes = await handle.readFile();
      const created = bytes.length < MAGIC.length && MAGIC.subarray(0, bytes.length).equals(bytes);
      if (created) {
        await handle.truncate(0);
        await handle.write(MAGIC, 0, MAGIC.length, 0);
        await handle.sync();
        await syncDirectory(path);
        return { journal: new JournalFile(path, handle, MAGIC.length), records: [], discardedBytes: 0 };
      }
      if (!bytes.subarray(0, MAGIC.length).equals(MAGIC)) {
        throw new JournalCorruptError(`${path} is not a Photon devnet journal`);
      }
      const { records, end } = scan(path, bytes);
      if (end < bytes.length) {
        await handle.truncate(end);
        await handle.sync();
      }
      return { journal: new JournalFile(path, handle, end), records, discardedBytes: bytes.length - end };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Appends one record; resolves once it is on disk. After a failed append every later one fails too. */
  async append(payload: Uint8Array): Promise<void> {
    if (this.failure !== undefined) throw this.failure;
    if (payload.length === 0) throw new Error('a journal record is never empty');
    const frame = Buffer.alloc(FRAME_HEADER_BYTES + payload.length);
    frame.writeUInt32LE(payload.length, 0);
    frame.writeUInt32LE(crc32(payload), 4);
    frame.set(payload, FRAME_HEADER_BYTES);
    try {
      let written = 0;
      while (written < frame.length) {
        const { bytesWritten } = await this.handle.write(frame, written, frame.length - written);
        written += bytesWritten;
      }
      await this.handle.datasync();
      this.size += frame.length;
    } catch (error) {
      // The file may now end in a partial frame: later frames would land behind it and be lost.
      this.failure = error instanceof Error ? error : new Error(String(error));
      await this.handle.truncate(this.size).catch(() => undefined);
      throw this.failure;
    }
  }

  /** Bytes on disk, header included. */
  get bytes(): number {
    return this.size;
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}
