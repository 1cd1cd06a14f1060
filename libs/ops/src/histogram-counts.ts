// One histogram series kept in plain numbers: an observation is a bucket search and three additions, where
// prom-client's observe validated and hashed the labels and made a closure on every call (the metrics cost an
// in-process web3_clientVersion about a third of its throughput; see ops-metrics.ts).
import { type LabelPairs, labelText, valueText } from './exposition';

export class HistogramCounts {
  /** Observations per bucket (not cumulative), the last past every bound (+Inf). */
  private readonly perBucket: Float64Array;
  private sum = 0;
  private count = 0;

  constructor(private readonly bounds: readonly number[]) {
    this.perBucket = new Float64Array(bounds.length + 1);
  }

  observe(value: number): void {
    const bounds = this.bounds;
    let at = 0;
    while (at < bounds.length && value > bounds[at]!) at += 1;
    this.perBucket[at] = (this.perBucket[at] ?? 0) + 1;
    this.sum += value;
    this.count += 1;
  }

  /** The series' `_bucket` (cumulative, `le` first, as prom-client writes them), `_sum` and `_count` lines. */
  lines(name: string, labels: LabelPairs): string[] {
    const lines: string[] = [];
    let below = 0;
    for (let at = 0; at < this.bounds.length; at++) {
      below += this.perBucket[at] ?? 0;
      lines.push(`${name}_bucket${labelText([['le', String(this.bounds[at])], ...labels])} ${below}`);
    }
    lines.push(`${name}_bucket${labelText([['le', '+Inf'], ...labels])} ${this.count}`);
    lines.push(`${name}_sum${labelText(labels)} ${valueText(this.sum)}`);
    lines.push(`${name}_count${labelText(labels)} ${this.count}`);
    return lines;
  }
}
