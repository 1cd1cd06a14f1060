// Prometheus text exposition (format 0.0.4) for the series OpsMetrics keeps itself: the same lines prom-client
// writes for a counter or a histogram, so a scrape reads them as it read prom-client's.

/** One series' labels, in the order they are written. */
export type LabelPairs = readonly (readonly [name: string, value: string])[];

/** A label value as the format quotes it: backslash, double quote and line feed escaped. */
const escapeLabelValue = (value: string): string =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/** `{a="x",b="y"}`, or nothing for no labels. */
export function labelText(pairs: LabelPairs): string {
  if (pairs.length === 0) return '';
  return `{${pairs.map(([name, value]) => `${name}="${escapeLabelValue(value)}"`).join(',')}}`;
}

/** A sample's value as prom-client writes it. */
export function valueText(value: number): string {
  if (Number.isNaN(value)) return 'Nan';
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(value);
}

/** The `# HELP` and `# TYPE` lines that open a metric. */
export function metricHeader(name: string, help: string, type: 'counter' | 'histogram'): string[] {
  return [`# HELP ${name} ${help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`, `# TYPE ${name} ${type}`];
}
