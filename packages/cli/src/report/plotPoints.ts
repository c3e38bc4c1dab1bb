/**
 * Selects the result rows a plot shows and turns them into chart points:
 * rows of one metric, optionally restricted to some methods and cells, x from a
 * grid parameter, one series per method (or per value of a grid parameter).
 */
import type { PlotConfig, ResultRow } from '@evalsim/sim';
import type { ChartPoint } from './chartSpec.js';

function matches(row: ResultRow, where: PlotConfig['where']): boolean {
  if (!where) return true;
  return Object.entries(where).every(([key, value]) => row.params[key] === value);
}

/** Chart points for `plot` from a study's rows (NaN values are left out). */
export function plotPoints(rows: readonly ResultRow[], plot: PlotConfig): ChartPoint[] {
  const scale = plot.scale ?? 1;
  const series = plot.series ?? 'method';
  const points: ChartPoint[] = [];
  for (const row of rows) {
    if (row.metric !== plot.metric) continue;
    if (plot.methods && !plot.methods.includes(row.method)) continue;
    if (!matches(row, plot.where)) continue;
    const x = Number(row.params[plot.x]);
    if (!Number.isFinite(x) || !Number.isFinite(row.value)) continue;
    const label = series === 'method' ? row.method : `${series} = ${String(row.params[series])}`;
    const point: ChartPoint = {
      x,
      y: row.value * scale,
      mcse: (Number.isFinite(row.mcse) ? row.mcse : 0) * scale,
      series: label,
      published: row.published === null ? null : row.published * scale,
    };
    if (plot.facet !== undefined) point.facet = `${plot.facet} = ${String(row.params[plot.facet])}`;
    points.push(point);
  }
  return points;
}
