import { Counter, Histogram, Registry } from 'prom-client';
import { CallSeries } from './call-series';
import { HistogramCounts } from './histogram-counts';

const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const NAMES = {
  requests: { name: 'x_requests_total', help: 'calls' },
  errors: { name: 'x_errors_total', help: 'errors' },
  duration: { name: 'x_duration_seconds', help: 'time', buckets: BUCKETS },
};

/** The same observations through prom-client's own metrics: what a scrape read before (the oracle). */
async function promClientText(
  observe: (m: {
    requests: Counter<'service' | 'method'>;
    errors: Counter<'service' | 'method' | 'code'>;
    duration: Histogram<'service' | 'method'>;
  }) => void,
): Promise<string> {
  const registers = [new Registry()];
  const requests = new Counter({ ...NAMES.requests, labelNames: ['service', 'method'], registers });
  const errors = new Counter({ ...NAMES.errors, labelNames: ['service', 'method', 'code'], registers });
  const duration = new Histogram({ ...NAMES.duration, labelNames: ['service', 'method'], registers });
  observe({ requests, errors, duration });
  return registers[0]!.metrics();
}

describe(CallSeries.name, () => {
  it('behavior: writes what prom-client wrote for the same calls, line for line', async () => {
    const calls: readonly [string, string, number, string?][] = [
      ['gateway', 'eth_call', 0.0004],
      ['gateway', 'eth_call', 0.003, '-32000'],
      ['gateway', 'eth_call', 0.0005],
      ['query', 'eth_call', 31],
      ['query', 'eth_getBalance', 0.0123],
    ];
    const ours = new CallSeries(NAMES);
    for (const [service, method, seconds, code] of calls) ours.answered(service, method, seconds, code);
    ours.refused('gateway', 'eth_getLogs', '-32005');
    const theirs = await promClientText(({ requests, errors, duration }) => {
      for (const [service, method, seconds, code] of calls) {
        requests.inc({ service, method });
        duration.observe({ service, method }, seconds);
        if (code !== undefined) errors.inc({ service, method, code });
      }
      requests.inc({ service: 'gateway', method: 'eth_getLogs' });
      errors.inc({ service: 'gateway', method: 'eth_getLogs', code: '-32005' });
    });
    const sorted = (text: string) => text.split('\n').filter(Boolean).sort();
    expect(sorted(ours.blocks().join('\n'))).toEqual(sorted(theirs));
  });

  it('default: a metric with no series is written as its header alone', () => {
    const blocks = new CallSeries(NAMES).blocks();
    expect(blocks).toEqual([
      '# HELP x_requests_total calls\n# TYPE x_requests_total counter',
      '# HELP x_errors_total errors\n# TYPE x_errors_total counter',
      '# HELP x_duration_seconds time\n# TYPE x_duration_seconds histogram',
    ]);
  });
});

describe(HistogramCounts.name, () => {
  it('behavior: a value on a bound counts in that bound, past the last in +Inf only', () => {
    const counts = new HistogramCounts([1, 2]);
    for (const value of [1, 1.5, 2, 3]) counts.observe(value);
    expect(counts.lines('h', [['k', 'a"b']])).toEqual([
      'h_bucket{le="1",k="a\\"b"} 1',
      'h_bucket{le="2",k="a\\"b"} 3',
      'h_bucket{le="+Inf",k="a\\"b"} 4',
      'h_sum{k="a\\"b"} 7.5',
      'h_count{k="a\\"b"} 4',
    ]);
  });
});
