// Writes a run to bench/results/ as <stem>.json and <stem>.png (that folder is gitignored but for
// its README).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { chartSpec } from './chart-spec';
import { renderChartPng } from './render-chart';
import { type BenchResult, resultFileStem } from './results-json';

// From bench/dist/ (where this file runs) to bench/results/.
export const RESULTS_DIR = join(__dirname, '..', 'results');

/** Writes the JSON, then the chart; returns the paths written, and what went wrong with the chart. */
export async function writeResults(
  result: BenchResult,
): Promise<{ json: string; png?: string; chartError?: string }> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const stem = join(RESULTS_DIR, resultFileStem(new Date(result.startedAt)));
  const json = `${stem}.json`;
  await writeFile(json, `${JSON.stringify(result, null, 2)}\n`);
  try {
    const png = `${stem}.png`;
    await writeFile(png, await renderChartPng(chartSpec(result)));
    return { json, png };
  } catch (err) {
    return { json, chartError: err instanceof Error ? err.message : String(err) };
  }
}
