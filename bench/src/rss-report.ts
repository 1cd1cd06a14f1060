// Formats the RSS samples: one line per process, its RSS after the preflights and after each round,
// and whether it grew from the first round under load to the last.
import { type RssSeries, rssGrowth } from './rss';
import { textTable } from './text-table';

/** Growth past this between round 1 and the last round is called growing, not noise. */
export const RSS_GROWTH_THRESHOLD = 0.1;

const mib = (kib: number | undefined): string => (kib === undefined ? '-' : (kib / 1024).toFixed(0));

/** Whether a series grew across rounds, as printed: `grew +23%`, `flat +2%`, or `-` for too few rounds. */
export function growthVerdict(series: RssSeries): string {
  const growth = rssGrowth(series);
  if (growth === undefined) return '-';
  const percent = `${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(0)}%`;
  return `${growth > RSS_GROWTH_THRESHOLD ? 'grew' : 'flat'} ${percent}`;
}

export function rssTable(series: readonly RssSeries[]): string {
  const rounds = [...new Set(series.flatMap((s) => s.kib.map((k) => k.round)))].sort((a, b) => a - b);
  const header = [
    'target',
    'process',
    'pid',
    ...rounds.map((r) => (r === 0 ? 'idle MiB' : `r${r} MiB`)),
    'round 1 → last',
  ];
  const cells = series.map((s) => [
    s.target,
    s.process,
    String(s.pid),
    ...rounds.map((r) => mib(s.kib.find((k) => k.round === r)?.kib)),
    growthVerdict(s),
  ]);
  // Text columns left-aligned, numbers right-aligned.
  return textTable(header, cells);
}
