/**
 * One chart of each kind the report draws, on made-up values: a log-x percentage chart with
 * error bars, published points and a reference line; a linear chart of fractional x; a chart
 * in facet panels; a count histogram. scripts/code-cache.mjs renders them to make Vega's code
 * cache (so the functions a report's render uses are compiled into it), and vegaRuntime.test.ts
 * renders them with both ways of loading Vega.
 */
import type { ChartPoint } from './chartPoint.js';
import { countHistogramSpec, lineChartSpec } from './chartSpec.js';
import type { VegaLiteSpec } from './renderSvg.js';

const SERIES = ['wald', 'wilson', 'clopperPearson'];

/** A point of each of `SERIES` at each x, y rising towards 0.95; the last series is exact (MCSE 0). */
function samplePoints(
  xs: readonly number[],
  extra: (x: number, s: number) => Partial<ChartPoint> = () => ({}),
) {
  return xs.flatMap((x, i) =>
    SERIES.map((series, s) => ({
      x,
      y: 0.95 - (0.2 + 0.05 * s) / (i + 2),
      mcse: s === SERIES.length - 1 ? 0 : 0.004 + 0.001 * s,
      series,
      ...extra(x, s),
    })),
  );
}

/** The sample charts' Vega-Lite specs. */
export function sampleChartSpecs(): VegaLiteSpec[] {
  const sizes = [15, 30, 100, 500, 1140];
  const published = samplePoints(sizes, (x, s) => ({ published: s === 0 && x <= 100 ? 0.9 : null }));
  const fractions = [0, 0.05, 0.1, 0.2];
  const panels = samplePoints([1, 2, 4, 8]).flatMap((p) =>
    [20, 50].map((n) => ({ ...p, y: p.y - 1 / n, facet: `n = ${n}`, facetOrder: n })),
  );
  const counts = ['0', '1', '2', '3+'].map((value, i) => ({ value, frequency: 0.4 / (i + 1), mcse: 0.01 }));
  return [
    lineChartSpec(published, {
      title: 'Coverage against n',
      xTitle: 'n',
      yTitle: 'coverage',
      xLog: true,
      percent: true,
      reference: 0.95,
    }),
    lineChartSpec(samplePoints(fractions), {
      title: 'Coverage against ρ',
      xTitle: 'ρ',
      yTitle: 'coverage',
      reference: 0.95,
      referenceLabel: 'nominal',
    }),
    lineChartSpec(panels, { title: 'In panels', xTitle: 'k', yTitle: 'coverage', percent: true }),
    countHistogramSpec(counts, { title: 'Significant pairs', xTitle: 'pairs' }),
  ];
}
