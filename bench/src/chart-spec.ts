// The run as a vega-lite chart: per workload, one bar per target for req/s and one for p99, on log
// scales (anvil and the echo answer 10,000s of req/s, a peer's eth_call a few hundred).
import { type BenchResult } from './results-json';

/** A vega-lite spec as plain JSON (vega-lite's own types are ESM-only; the renderer compiles it). */
export type VegaLiteSpec = Record<string, unknown>;

interface Datum {
  workload: string;
  target: string;
  reqPerSec: number;
  p99Ms: number;
}

const FONT = 'DejaVu Sans';

interface Panel {
  field: 'reqPerSec' | 'p99Ms';
  title: string;
  /** d3-format of the value printed at the end of each bar. */
  format: string;
  /** Only the first panel labels the workloads and sizes the rows; the others share its y scale. */
  first: boolean;
}

function panel(p: Panel, targets: readonly string[]): VegaLiteSpec {
  const field = p.field;
  return {
    width: 420,
    // 12 px per bar (with an offset channel, the step is one offset's); set once, the panels share it.
    ...(p.first ? { height: { step: 12 } } : {}),
    layer: [
      { mark: { type: 'bar', height: { band: 1 } } },
      {
        mark: { type: 'text', align: 'left', dx: 3, fontSize: 9 },
        encoding: { text: { field, type: 'quantitative', format: p.format } },
      },
    ],
    encoding: {
      y: {
        field: 'workload',
        type: 'nominal',
        sort: null,
        title: null,
        axis: p.first ? { labelLimit: 300 } : null,
      },
      yOffset: { field: 'target', type: 'nominal', sort: [...targets] },
      // Unstacked: bars of one workload sit side by side (yOffset), and a stack has no place on a log scale.
      x: {
        field,
        type: 'quantitative',
        title: p.title,
        scale: { type: 'log' },
        stack: null,
        axis: { grid: true },
      },
      // dark2: every colour stays readable as text on white (tableau10's yellow does not).
      color: {
        field: 'target',
        type: 'nominal',
        sort: [...targets],
        title: 'target',
        scale: { scheme: 'dark2' },
      },
    },
  };
}

/** Bars of every measured row; missing and failed rows have no bar (the text report names them). */
export function chartSpec(result: BenchResult): VegaLiteSpec {
  const values: Datum[] = result.rows.flatMap((r) =>
    r.reqPerSec === undefined || r.p99Ms === undefined
      ? []
      : [{ workload: r.workload, target: r.target, reqPerSec: r.reqPerSec, p99Ms: r.p99Ms }],
  );
  const targets = result.targets.map((t) => t.name).filter((t) => values.some((v) => v.target === t));
  const rounds = result.settings.rounds;
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: {
      text: `pnpm bench: median of ${rounds} interleaved round${rounds === 1 ? '' : 's'} of ${result.settings.durationS} s, ${result.settings.connections} connections`,
      subtitle: `${result.startedAt.slice(0, 16).replace('T', ' ')} UTC · ${result.machine}`,
      anchor: 'start',
    },
    data: { values },
    config: {
      font: FONT,
      background: 'white',
      padding: 12,
      view: { stroke: null },
      axis: { labelFontSize: 11, titleFontSize: 12 },
    },
    hconcat: [
      panel(
        { field: 'reqPerSec', title: 'req/s (log scale, more is better)', format: ',.0f', first: true },
        targets,
      ),
      panel(
        { field: 'p99Ms', title: 'p99 ms (log scale, less is better)', format: ',.1f', first: false },
        targets,
      ),
    ],
    resolve: { scale: { y: 'shared', yOffset: 'shared' } },
  };
}
