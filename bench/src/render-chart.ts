// Renders a vega-lite spec to PNG: vega-lite compiles it to vega, vega draws SVG headless, resvg
// (prebuilt, from npm) rasterizes it. vega and vega-lite are ESM-only, hence the dynamic imports.
import { type VegaLiteSpec } from './chart-spec';

export async function renderChartPng(spec: VegaLiteSpec): Promise<Buffer> {
  const [vegaLite, vega, { Resvg }] = await Promise.all([
    import('vega-lite'),
    import('vega'),
    import('@resvg/resvg-js'),
  ]);
  const compiled = vegaLite.compile(spec as unknown as Parameters<typeof vegaLite.compile>[0]).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  // Twice the SVG's size, so the PNG stays sharp when zoomed; text needs a system font (DejaVu Sans).
  const png = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: 2 },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
  }).render();
  return png.asPng();
}
