// The resident memory of each target's processes, read from /proc after each round, to see what a
// server holds under load and whether it keeps growing from round to round.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';

import { type ManagedProcess, photonCliPath } from '@photon/testing';

/** One process of one target, with its VmRSS (KiB) per sample; undefined once it could not be read. */
export interface RssSeries {
  target: string;
  /** `photon <command>` for Photon's processes, else the program's file name. */
  process: string;
  pid: number;
  /** Round (0 = after the preflights, before any load) → KiB. */
  kib: { round: number; kib: number | undefined }[];
}

/** VmRSS in KiB from the text of /proc/<pid>/status, or undefined when it has none. */
export function parseVmRssKiB(status: string): number | undefined {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/**
 * A short name for a spawned process from its argv: `photon <command>` for Photon's CLI, the package
 * of a node script inside node_modules (`hardhat`, not `bootstrap.js`), else the file's name.
 */
export function processLabel(argv: readonly string[], photonCli: string): string {
  const [program = '?', script, command] = argv;
  if (script === photonCli) return `photon ${command ?? ''}`.trimEnd();
  if (program !== process.execPath || script === undefined) return basename(program);
  const inPackage = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(script);
  return inPackage?.[1] ?? basename(script);
}

/** Growth from the first sample under load (round 1) to the last, as a fraction; undefined without both. */
export function rssGrowth(series: RssSeries): number | undefined {
  const measured = series.kib.filter((s) => s.round >= 1 && s.kib !== undefined);
  const first = measured[0]?.kib;
  const last = measured[measured.length - 1]?.kib;
  return first === undefined || last === undefined || measured.length < 2 ? undefined : last / first - 1;
}

async function readRssKiB(pid: number): Promise<number | undefined> {
  try {
    return parseVmRssKiB(await readFile(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return undefined; // the process is gone (reported by the rounds) or /proc is not there
  }
}

/** Keeps one series per process of each target and samples them all on demand. */
export class RssRecorder {
  readonly series: RssSeries[] = [];
  private readonly procs: { series: RssSeries; proc: ManagedProcess }[] = [];

  add(target: string, processes: readonly ManagedProcess[]): void {
    const cli = photonCliPath();
    for (const proc of processes) {
      if (proc.child.pid === undefined) continue;
      const series: RssSeries = {
        target,
        process: processLabel(proc.child.spawnargs, cli),
        pid: proc.child.pid,
        kib: [],
      };
      this.series.push(series);
      this.procs.push({ series, proc });
    }
  }

  async sample(round: number): Promise<void> {
    for (const { series, proc } of this.procs) {
      const kib = proc.hasExited() ? undefined : await readRssKiB(series.pid);
      series.kib.push({ round, kib });
    }
  }
}
