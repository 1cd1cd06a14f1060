// Formats the CPU each process spent per request: one line per workload × target with every process's
// µs per request, and per Photon target the capacity an operator sizes replicas by (1e6 ÷ µs per request:
// the requests per second one core of that role serves on that workload).
import { requestsPerCore } from './proc-stat';
import { type Row } from './report';
import { type CpuSummary } from './stats';
import { textTable } from './text-table';

const micros = (us: number): string => (us >= 10 ? us.toFixed(0) : us.toPrecision(2));

/** `12.3k`, `850`, `1.2M`: capacities span from tens to millions of requests a second. */
export function formatRate(perSecond: number): string {
  if (!Number.isFinite(perSecond)) return '∞';
  if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(1)}M`;
  if (perSecond >= 1e4) return `${(perSecond / 1e3).toFixed(0)}k`;
  if (perSecond >= 1e3) return `${(perSecond / 1e3).toFixed(1)}k`;
  return perSecond.toFixed(0);
}

/** The µs per request of a target's processes added up; a thread is already inside its process. */
export const totalMicros = (cpu: readonly CpuSummary[]): number =>
  cpu.filter((c) => c.within === undefined).reduce((sum, c) => sum + c.usPerRequest.median, 0);

/** `679 = gateway 95 (90–99) + query 181 (170–190) + …`; a thread as `[devnet thread 352, in photon start]`. */
export function cpuBreakdown(cpu: readonly CpuSummary[]): string {
  const one = (c: CpuSummary): string => {
    const { median, min, max } = c.usPerRequest;
    return `${c.role} ${micros(median)}${min !== max ? ` (${micros(min)}–${micros(max)})` : ''}`;
  };
  const processes = cpu.filter((c) => c.within === undefined).map(one);
  const threads = cpu.filter((c) => c.within !== undefined).map((c) => `[${one(c)}, in ${c.within ?? ''}]`);
  return [`${micros(totalMicros(cpu))} = ${processes.join(' + ')}`, ...threads].join(' ');
}

/** ` · load generator 41 (39–44)`: what driving the row cost the bench's own process, when read. */
function loadPart(row: Row): string {
  const load = row.summary?.loadCpu;
  if (load === undefined) return '';
  const range = load.min !== load.max ? ` (${micros(load.min)}–${micros(load.max)})` : '';
  return ` · load generator ${micros(load.median)}${range}`;
}

/** One line per measured row with CPU readings: the total and each process, medians over rounds. */
export function cpuTable(rows: readonly Row[]): string | undefined {
  const read = rows.flatMap((r) => {
    const cpu = r.summary?.cpu;
    return cpu === undefined || cpu.length === 0 ? [] : [{ row: r, cpu }];
  });
  if (read.length === 0) return undefined;
  return textTable(
    ['workload', 'target', 'CPU µs per request: total = each process, median over rounds (min–max)'],
    read.map(({ row, cpu }) => [row.workload.name, row.target, cpuBreakdown(cpu) + loadPart(row)]),
    3,
  );
}

/**
 * Per target in `targets`, one table: a row per workload, a column per process, each the requests
 * per second one core of it serves (1e6 ÷ its median µs per request).
 */
export function capacityTables(rows: readonly Row[], targets: readonly string[]): string[] {
  return targets.flatMap((target) => {
    const mine = rows.filter((r) => r.target === target && (r.summary?.cpu?.length ?? 0) > 0);
    if (mine.length === 0) return [];
    const roles = [...new Set(mine.flatMap((r) => (r.summary?.cpu ?? []).map((c) => c.role)))];
    const table = textTable(
      ['workload', ...roles],
      mine.map((r) => [
        r.workload.name,
        ...roles.map((role) => {
          const c = r.summary?.cpu?.find((x) => x.role === role);
          return c === undefined ? '-' : formatRate(requestsPerCore(c.usPerRequest.median));
        }),
      ]),
      1,
    );
    return [`${target}:\n${table}`];
  });
}
