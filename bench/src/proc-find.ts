// Finds, in /proc, what the CPU meter reads besides a target's own processes: the Worker thread of
// `photon start` (its embedded devnet) and the shared NATS and Redis servers a cluster talks to.
import { readFile, readdir, readlink } from 'node:fs/promises';

import { listeningInodes, parseStat, statCommand } from './proc-stat';

/** The text of a /proc file, or undefined when it cannot be read. */
export async function readProcText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined; // gone (reported by the rounds), or no /proc
  }
}

// epoll_wait / epoll_pwait / epoll_pwait2 on x86_64, epoll_pwait on arm64: a thread parked there runs an
// event loop. In a Node process those are the main thread, the platform's delayed-task scheduler (the
// first thread Node starts) and each worker_threads Worker; libuv's pool and V8's platform threads wait
// on futexes instead.
const EPOLL_SYSCALLS: Readonly<Record<string, readonly number[]>> = {
  x64: [232, 281, 441],
  arm64: [22, 441],
};

/** A process's threads other than the main one, in the order they started. */
async function threadsByStart(pid: number): Promise<number[]> {
  const threads: { tid: number; start: number }[] = [];
  for (const tid of (await readdir(`/proc/${pid}/task`)).map(Number)) {
    const stat = tid === pid ? undefined : await readProcText(`/proc/${pid}/task/${tid}/stat`);
    if (stat !== undefined) threads.push({ tid, start: parseStat(stat).startTime });
  }
  return threads.sort((a, b) => a.start - b.start || a.tid - b.tid).map((t) => t.tid);
}

/**
 * The one Worker thread of an idle Node process (`photon start`'s embedded devnet): the thread
 * parked in epoll that is neither the main thread nor the first one Node started; undefined when
 * there is not exactly one. Node 20 cannot name a Worker's OS thread, so it is told by where it waits.
 */
export async function soleWorkerThread(pid: number): Promise<number | undefined> {
  const epoll = EPOLL_SYSCALLS[process.arch] ?? [];
  let threads: number[];
  try {
    threads = (await threadsByStart(pid)).slice(1);
  } catch {
    return undefined;
  }
  const seen = new Set<number>();
  for (let probe = 0; probe < 10; probe++) {
    for (const tid of threads) {
      const syscall = await readProcText(`/proc/${pid}/task/${tid}/syscall`);
      if (syscall !== undefined && epoll.includes(Number(syscall.split(' ')[0]))) seen.add(tid);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return seen.size === 1 ? [...seen][0] : undefined;
}

/**
 * The pid of the server listening on `port` whose command is `name` (the machine's shared NATS or
 * Redis): the one holding the listening socket, else the only process of that name.
 */
export async function serverPid(name: string, port: number): Promise<number | undefined> {
  const candidates: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readProcText(`/proc/${entry}/stat`);
    if (stat !== undefined && statCommand(stat) === name) candidates.push(Number(entry));
  }
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readProcText(table);
    if (text !== undefined) for (const inode of listeningInodes(text, port)) inodes.add(`socket:[${inode}]`);
  }
  for (const pid of candidates) {
    try {
      for (const fd of await readdir(`/proc/${pid}/fd`)) {
        if (inodes.has(await readlink(`/proc/${pid}/fd/${fd}`).catch(() => ''))) return pid;
      }
    } catch {
      // not ours to read: fall back to the name alone
    }
  }
  return candidates.length === 1 ? candidates[0] : undefined;
}
