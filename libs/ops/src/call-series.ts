// The per-call metrics (photon_rpc_requests_total, photon_rpc_errors_total, photon_rpc_duration_seconds) kept as
// plain numbers per layer and method, found through two map lookups, and written out only when scraped. Labels
// are method-table names, service names and error codes (metric-labels.ts): the series stay bounded.
import { type LabelPairs, labelText, metricHeader } from './exposition';
import { HistogramCounts } from './histogram-counts';

interface Series {
  requests: number;
  /** Only calls that ran are timed: a method only ever refused has no histogram series. */
  duration: HistogramCounts | undefined;
  /** Errors per error-code label. */
  readonly errors: Map<string, number>;
}

export interface CallSeriesNames {
  readonly requests: { readonly name: string; readonly help: string };
  readonly errors: { readonly name: string; readonly help: string };
  readonly duration: { readonly name: string; readonly help: string; readonly buckets: readonly number[] };
}

export class CallSeries {
  /** service → method label → series. */
  private readonly byService = new Map<string, Map<string, Series>>();

  constructor(private readonly names: CallSeriesNames) {}

  /** One call `service` answered, timed; `code` (an error-code label) when it failed. */
  answered(service: string, method: string, seconds: number, code?: string): void {
    const series = this.seriesOf(service, method);
    series.requests += 1;
    series.duration ??= new HistogramCounts(this.names.duration.buckets);
    series.duration.observe(seconds);
    if (code !== undefined) series.errors.set(code, (series.errors.get(code) ?? 0) + 1);
  }

  /** One call counted with its error `code` but not timed (refused before it ran, or unreadable). */
  refused(service: string, method: string, code: string): void {
    const series = this.seriesOf(service, method);
    series.requests += 1;
    series.errors.set(code, (series.errors.get(code) ?? 0) + 1);
  }

  /** The three metrics in the text format, each a block of lines; a metric without a series is its header alone. */
  blocks(): string[] {
    const requests: string[] = [];
    const errors: string[] = [];
    const duration: string[] = [];
    for (const [service, byMethod] of this.byService) {
      for (const [method, series] of byMethod) {
        const labels: LabelPairs = [
          ['service', service],
          ['method', method],
        ];
        requests.push(`${this.names.requests.name}${labelText(labels)} ${series.requests}`);
        for (const [code, count] of series.errors)
          errors.push(`${this.names.errors.name}${labelText([...labels, ['code', code]])} ${count}`);
        if (series.duration !== undefined)
          duration.push(...series.duration.lines(this.names.duration.name, labels));
      }
    }
    const { requests: r, errors: e, duration: d } = this.names;
    return [
      [...metricHeader(r.name, r.help, 'counter'), ...requests],
      [...metricHeader(e.name, e.help, 'counter'), ...errors],
      [...metricHeader(d.name, d.help, 'histogram'), ...duration],
    ].map((lines) => lines.join('\n'));
  }

  private seriesOf(service: string, method: string): Series {
    let byMethod = this.byService.get(service);
    if (byMethod === undefined) {
      byMethod = new Map();
      this.byService.set(service, byMethod);
    }
    let series = byMethod.get(method);
    if (series === undefined) {
      series = { requests: 0, duration: undefined, errors: new Map() };
      byMethod.set(method, series);
    }
    return series;
  }
}
