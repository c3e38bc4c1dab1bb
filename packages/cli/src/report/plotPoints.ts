/**
 * Selects the result rows a plot shows and turns them into chart points:
 * rows of one metric, optionally restricted to some methods and cells, x from a
 * grid parameter, one series per method (or per value of a grid parameter).
 */
import type { PlotConfig, ResultRow } from '@evalsim/sim';
import type { ChartPoint } from './chartPoint.js';

/** The row's cell matches every entry of `where` (list values, e.g. a pair of systems, compared by value). */
function matches(row: ResultRow, where: PlotConfig['where']): boolean {
  if (!where) return true;
  return Object.entries(where).every(
    ([key, value]) => JSON.stringify(row.params[key]) === JSON.stringify(value),
  );
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
    if (plot.facet !== undefined) {
      const facetValue = row.params[plot.facet];
      point.facet = `${plot.facet} = ${String(facetValue)}`;
      if (typeof facetValue === 'number') point.facetOrder = facetValue;
    }
    points.push(point);
  }
  return points;
}

/**
 * Bars for a 'bar' plot: rows whose metric label starts with `plot.metric` (e.g.
 * "pairs:" for "pairs:0", "pairs:1", …, "pairs:21-or-more"), one bar per label suffix
 * ("-or-more" shown as "+"), in row order, for the first method listed (or the first
 * method seen), with its MCSE.
 */
export function barPoints(
  rows: readonly ResultRow[],
  plot: PlotConfig,
): { value: string; frequency: number; mcse: number }[] {
  const method = plot.methods?.[0] ?? rows.find((row) => row.metric.startsWith(plot.metric))?.method;
  return rows
    .filter((row) => row.method === method && row.metric.startsWith(plot.metric) && matches(row, plot.where))
    .map((row) => ({
      value: row.metric.slice(plot.metric.length).replace(/-or-more$/, '+'),
      frequency: row.value * (plot.scale ?? 1),
      mcse: (Number.isFinite(row.mcse) ? row.mcse : 0) * (plot.scale ?? 1),
    }));
}
