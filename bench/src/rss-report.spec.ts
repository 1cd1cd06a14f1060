// Unit tests for the printed RSS table.
import { type RssSeries } from './rss';
import { growthVerdict, rssTable } from './rss-report';

const series = (process: string, kib: number[]): RssSeries => ({
  target: 'in-process',
  process,
  pid: 42,
  kib: kib.map((k, round) => ({ round, kib: k * 1024 })),
});

describe(growthVerdict.name, () => {
  it('default: growth past 10 % from round 1 to the last is called growing', () => {
    expect(growthVerdict(series('p', [100, 200, 250]))).toBe('grew +25%');
    expect(growthVerdict(series('p', [100, 200, 210]))).toBe('flat +5%');
    expect(growthVerdict(series('p', [100, 200, 180]))).toBe('flat -10%');
  });

  it('behavior: one round under load is no verdict', () => {
    expect(growthVerdict(series('p', [100, 200]))).toBe('-');
  });
});

describe(rssTable.name, () => {
  it('default: a column per sample in MiB, idle first, then the verdict', () => {
    const lines = rssTable([series('photon start', [152, 257, 300])]).split('\n');
    expect(lines[0]).toMatch(/^target +process +pid +idle MiB +r1 MiB +r2 MiB +round 1 → last$/);
    expect(lines[2]).toMatch(/^in-process +photon start +42 +152 +257 +300 +grew \+17%$/);
  });
});
