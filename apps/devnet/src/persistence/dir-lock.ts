// One devnet per data dir: a LOCK file names the owning process. Two writers would interleave their
// journals; a lock left by a killed process (kill -9) is taken over once that process is gone.
import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DataDirError } from './data-dir-error';

/** A killed process nobody has reaped yet (a zombie) still answers kill(pid, 0), so Linux's /proc is asked. */
async function zombie(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return / Z /.test(stat.slice(stat.lastIndexOf(')')));
}

async function processAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !(await zombie(pid));
}

/** Creates the lock with its content in one step (link fails if it exists), so it is never seen half written. */
async function createLock(path: string): Promise<boolean> {
  const draft = `${path}.${process.pid}`;
  await writeFile(draft, `${process.pid}\n`);
  try {
    await link(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(draft);
  }
}

/** Takes the data dir's lock; resolves with its release. */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const path = join(dir, 'LOCK');
  const release = () => unlink(path).catch(() => undefined);
  // A stale lock is removed and the create retried once (two starters racing over the same stale
  // lock within that window could both win; a devnet accepts that).
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await createLock(path)) return release;
    const owner = Number((await readFile(path, 'utf8').catch(() => '')).trim());
    if (Number.isInteger(owner) && owner > 0 && (await processAlive(owner))) {
      throw new DataDirError(`data dir ${dir} is in use by process ${owner} (remove ${path} if it is not)`);
    }
    await unlink(path).catch(() => undefined);
  }
  throw new DataDirError(`data dir ${dir}: cannot take ${path}`);
}
