// Pure parsing of the /proc files the CPU meter reads, and the per-request arithmetic: kept apart from
// the reads so both are unit-tested on fixed text.

/** CPU µs per completed request of one process (or thread) over one measured window. */
export interface CpuCost {
  /** What it is, as printed: `gateway`, `devnet`, `photon start`, `NATS`, `hardhat`, … */
  role: string;
  /** Set for a thread: the role of the process it belongs to, whose time already includes it. */
  within?: string;
  usPerRequest: number;
}

/** CPU times of a process or thread from its /proc stat line, in clock ticks. */
export interface StatTimes {
  /** utime + stime: what the process (or thread) itself ran, in user and kernel mode. */
  self: number;
  /** cutime + cstime: what its children that it already waited for ran. */
  reapedChildren: number;
  /** The parent's pid. */
  ppid: number;
  /** When it started, in clock ticks after boot: orders a process's threads by creation. */
  startTime: number;
}

/**
 * The times of `/proc/<pid>/stat` or `/proc/<pid>/task/<tid>/stat`. The second field (the command)
 * is in parentheses and may itself hold spaces and parentheses, so fields are counted from the last `)`.
 */
export function parseStat(stat: string): StatTimes {
  const close = stat.lastIndexOf(')');
  if (close < 0) throw new Error(`not a /proc stat line: ${stat.slice(0, 80)}`);
  // After the command: field 3 (state) is index 0, so field n is index n - 3.
  const fields = stat
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  const field = (n: number): number => {
    const value = Number(fields[n - 3]);
    if (!Number.isSafeInteger(value))
      throw new Error(`/proc stat field ${n} is not a number: ${stat.slice(0, 80)}`);
    return value;
  };
  return {
    ppid: field(4),
    self: field(14) + field(15),
    reapedChildren: field(16) + field(17),
    startTime: field(22),
  };
}

/** The command name in a /proc stat line (the text between the first `(` and the last `)`). */
export function statCommand(stat: string): string {
  return stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
}

/**
 * The pids under `root` in a process table (pid → ppid), `root` excluded, children before
 * grandchildren: a peer started by a launcher (`npx hardhat node`) runs in a child.
 */
export function descendants(root: number, parents: ReadonlyMap<number, number>): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of parents) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const found: number[] = [];
  const queue = [...(children.get(root) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    if (found.includes(pid)) continue;
    found.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

/**
 * The inodes of the sockets listening on `port` in the text of /proc/net/tcp or tcp6 (state 0A is
 * LISTEN; addresses are hex `addr:port`).
 */
export function listeningInodes(procNetTcp: string, port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  return procNetTcp
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f[1]?.endsWith(`:${hexPort}`) === true && f[3] === '0A' && f[9] !== undefined)
    .map((f) => f[9] as string);
}

/**
 * CPU µs per request: the ticks a process ran over a measured window (after − before, at
 * `ticksPerSecond`) divided by the requests completed in it; undefined when none were.
 */
export function microsPerRequest(
  ticks: number,
  ticksPerSecond: number,
  requests: number,
): number | undefined {
  if (!(requests > 0)) return undefined;
  if (!(ticksPerSecond > 0)) throw new RangeError(`ticks per second must be > 0, got ${ticksPerSecond}`);
  return ((ticks / ticksPerSecond) * 1e6) / requests;
}

/** Requests per second one core can serve for a process that spends `micros` CPU µs on each. */
export const requestsPerCore = (micros: number): number => (micros > 0 ? 1e6 / micros : Infinity);
