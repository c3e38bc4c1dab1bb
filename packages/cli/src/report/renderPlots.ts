/**
 * Renders a study's configured plots (`report.plots`) to SVG files in
 * `<out>/plots/<study>-<id>.svg`, written atomically; a plot whose file already holds the rendering
 * of the same spec is kept (renderedPlots.ts).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ResultRow, StudyConfig } from '@evalsim/sim';
import { writeFileAtomic } from '@evalsim/sim/internal';
import { countHistogramSpec, lineChartSpec } from './chartSpec.js';
import { barPoints, plotPoints } from './plotPoints.js';
import { RenderedPlots } from './renderedPlots.js';
import { renderSvg, type VegaLiteSpec } from './renderSvg.js';

export interface RenderedPlot {
  readonly id: string;
  readonly title: string;
  /** Path relative to the output directory (for links in REPORT.md). */
  readonly file: string;
  readonly points: number;
}

/**
 * Render every plot of `config.report.plots`; plots without data are skipped (and say so).
 * `render` turns a spec into SVG (default renderSvg here; reproduce passes its render thread's).
 */
export async function renderStudyPlots(
  config: StudyConfig,
  rows: readonly ResultRow[],
  outDir: string,
  render: (spec: VegaLiteSpec) => Promise<string> = renderSvg,
): Promise<RenderedPlot[]> {
  const plots = config.report?.plots ?? [];
  if (plots.length === 0) return [];
  const plotsDir = join(outDir, 'plots');
  mkdirSync(plotsDir, { recursive: true });
  const record = new RenderedPlots(plotsDir);
  const rendered: RenderedPlot[] = [];
  for (const plot of plots) {
    const chart = plotChart(plot, rows);
    if (!chart) continue;
    const name = `${config.name}-${plot.id}.svg`;
    const key = await RenderedPlots.key(chart.spec);
    if (!record.current(name, key)) {
      const svg = await render(chart.spec);
      writeFileAtomic(join(plotsDir, name), svg);
      record.record(name, key, svg);
    }
    rendered.push({ id: plot.id, title: plot.title, file: join('plots', name), points: chart.points });
  }
  record.save();
  return rendered;
}

type PlotConfig = NonNullable<NonNullable<StudyConfig['report']>['plots']>[number];

/** A plot's Vega-Lite spec and its number of points; undefined when it has no data. */
function plotChart(
  plot: PlotConfig,
  rows: readonly ResultRow[],
): { spec: VegaLiteSpec; points: number } | undefined {
  if (plot.kind === 'bar') {
    const bars = barPoints(rows, plot);
    if (bars.length === 0) return undefined;
    const spec = countHistogramSpec(bars, {
      title: plot.title,
      xTitle: plot.xTitle ?? plot.x,
      ...(plot.yTitle ? { yTitle: plot.yTitle } : {}),
    });
    return { spec, points: bars.length };
  }
  const points = plotPoints(rows, plot);
  if (points.length === 0) return undefined;
  const spec = lineChartSpec(points, {
    title: plot.title,
    xTitle: plot.xTitle ?? plot.x,
    yTitle: plot.yTitle ?? plot.metric,
    pointsLabel: 'reproduced',
    ...(plot.xLog ? { xLog: true } : {}),
    ...(plot.percent ? { percent: true } : {}),
    ...(plot.reference !== undefined ? { reference: plot.reference } : {}),
    ...(plot.referenceLabel ? { referenceLabel: plot.referenceLabel } : {}),
  });
  return { spec, points: points.length };
}
