/**
 * Renders a study's configured plots (`report.plots`) to SVG files in
 * `<out>/plots/<study>-<id>.svg`, written atomically.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type ResultRow, type StudyConfig, writeFileAtomic } from '@evalsim/sim';
import { countHistogramSpec, lineChartSpec } from './chartSpec.js';
import { barPoints, plotPoints } from './plotPoints.js';
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
  mkdirSync(join(outDir, 'plots'), { recursive: true });
  const rendered: RenderedPlot[] = [];
  for (const plot of plots) {
    if (plot.kind === 'bar') {
      const bars = barPoints(rows, plot);
      if (bars.length === 0) continue;
      const spec = countHistogramSpec(bars, {
        title: plot.title,
        xTitle: plot.xTitle ?? plot.x,
        ...(plot.yTitle ? { yTitle: plot.yTitle } : {}),
      });
      const file = join('plots', `${config.name}-${plot.id}.svg`);
      writeFileAtomic(join(outDir, file), await render(spec));
      rendered.push({ id: plot.id, title: plot.title, file, points: bars.length });
      continue;
    }
    const points = plotPoints(rows, plot);
    if (points.length === 0) continue;
    const spec = lineChartSpec(points, {
      title: plot.title,
      xTitle: plot.xTitle ?? plot.x,
      yTitle: plot.yTitle ?? plot.metric,
      ...(plot.xLog ? { xLog: true } : {}),
      ...(plot.percent ? { percent: true } : {}),
      ...(plot.reference !== undefined ? { reference: plot.reference } : {}),
      ...(plot.referenceLabel ? { referenceLabel: plot.referenceLabel } : {}),
    });
    const file = join('plots', `${config.name}-${plot.id}.svg`);
    writeFileAtomic(join(outDir, file), await render(spec));
    rendered.push({ id: plot.id, title: plot.title, file, points: points.length });
  }
  return rendered;
}
