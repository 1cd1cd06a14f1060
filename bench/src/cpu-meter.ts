// Reads the CPU time of every process of a target from /proc right before and after a measured window,
// so the bench can say what each process (gateway, query, devnet, NATS, Redis, …) spends on a request.
import { execFileSync } from 'node:child_process';
import { readdir } from 'node:fs/promises';

import { type ManagedProcess, photonCliPath, testNatsUrl, testRedisUrl } from '@photon/testing';

import { readProcText, serverPid, soleWorkerThread } from './proc-find';
import { type CpuCost, descendants, microsPerRequest, parseStat } from './proc-stat';
import { processLabel } from './rss';

/** One thing whose CPU time is read: a process (with its children), or one thread of a process. */
export interface CpuPart {
  /** What it is, as printed: `gateway`, `devnet`, `photon start`, `NATS`, `hardhat`, … */
  role: string;
  pid: number;
  /** A thread of `pid`: its time is already inside another part's, so no total adds it. */
  tid?: number;
  /** Add every live descendant's time (a peer started through a launcher). */
  tree?: boolean;
}

let ticksPerSecond: number | undefined;
/** USER_HZ, the unit of /proc's times (100 on Linux unless built otherwise). */
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** pid → ppid of every process on the machine. */
async function processTable(): Promise<Map<number, number>> {
  const table = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readProcText(`/proc/${entry}/stat`);
    if (stat !== undefined) table.set(Number(entry), parseStat(stat).ppid);
  }
  return table;
}

/** utime + stime of a part in clock ticks (a process's own plus the children it reaped), or undefined. */
async function readTicks(part: CpuPart): Promise<number | undefined> {
  if (part.tid !== undefined) {
    const stat = await readProcText(`/proc/${part.pid}/task/${part.tid}/stat`);
    return stat === undefined ? undefined : parseStat(stat).self;
  }
  const stat = await readProcText(`/proc/${part.pid}/stat`);
  if (stat === undefined) return undefined;
  const own = parseStat(stat);
  let ticks = own.self + own.reapedChildren;
  if (part.tree === true) {
    for (const pid of descendants(part.pid, await processTable())) {
      const child = await readProcText(`/proc/${pid}/stat`);
      if (child === undefined) continue;
      const times = parseStat(child);
      ticks += times.self + times.reapedChildren;
    }
  }
  return ticks;
}

/** Reads a target's parts before and after a window and turns the difference into µs per request. */
export class CpuMeter {
  constructor(readonly parts: readonly CpuPart[]) {}

  async read(): Promise<(number | undefined)[]> {
    const out: (number | undefined)[] = [];
    for (const part of this.parts) out.push(await readTicks(part));
    return out;
  }

  /** Each part's µs per request between two reads; a part either read missed is left out. */
  costs(
    before: readonly (number | undefined)[],
    after: readonly (number | undefined)[],
    requests: number,
  ): CpuCost[] {
    const byPid = new Map(this.parts.filter((p) => p.tid === undefined).map((p) => [p.pid, p.role]));
    return this.parts.flatMap((part, i) => {
      const [b, a] = [before[i], after[i]];
      const us =
        a === undefined || b === undefined ? undefined : microsPerRequest(a - b, clockTicks(), requests);
      if (us === undefined) return [];
      const within = part.tid === undefined ? undefined : byPid.get(part.pid);
      return [
        within === undefined
          ? { role: part.role, usPerRequest: us }
          : { role: part.role, within, usPerRequest: us },
      ];
    });
  }
}

/** A target's processes as parts: Photon's by command (`gateway`, `query`, …), others by program. */
export function processParts(processes: readonly ManagedProcess[], tree: boolean): CpuPart[] {
  const cli = photonCliPath();
  return processes.flatMap((proc) => {
    const pid = proc.child.pid;
    if (pid === undefined) return [];
    const label = processLabel(proc.child.spawnargs, cli);
    const role = label === 'photon start' ? label : label.replace(/^photon /, '');
    return [tree ? { role, pid, tree } : { role, pid }];
  });
}

const portOf = (url: string, fallback: number): number => Number(new URL(url).port || fallback);

/**
 * Everything whose CPU a target's requests cost: its processes (a peer with its process tree),
 * `photon start`'s devnet thread when it can be told apart, and for a cluster (it has a `gateway`
 * process) the machine's shared NATS and Redis, found by the ports the cluster was given.
 */
export async function targetCpuParts(
  processes: readonly ManagedProcess[],
  opts: { peer: boolean; log(line: string): void },
): Promise<CpuPart[]> {
  const parts = processParts(processes, opts.peer);
  const single = parts.find((p) => p.role === 'photon start');
  if (single !== undefined) {
    const tid = await soleWorkerThread(single.pid);
    if (tid === undefined) opts.log(`photon start ${single.pid}: its devnet thread could not be told apart`);
    else parts.push({ role: 'devnet thread', pid: single.pid, tid });
  }
  if (parts.some((p) => p.role === 'gateway')) {
    for (const [role, name, port] of [
      ['NATS', 'nats-server', portOf(testNatsUrl(), 4222)],
      ['Redis', 'redis-server', portOf(testRedisUrl(), 6379)],
    ] as const) {
      const pid = await serverPid(name, port);
      if (pid === undefined) opts.log(`no ${name} found listening on port ${port}: its CPU is not read`);
      else parts.push({ role, pid });
    }
  }
  return parts;
}
