/**
 * Vega-Lite specs for the report: a metric against one grid parameter, one line
 * per series, Monte Carlo error bars (±1.96·MCSE) and a dashed reference line at
 * the nominal level, optionally with published values as hollow points.
 */
import type { VegaLiteSpec } from './renderSvg.js';

export interface ChartPoint {
  x: number;
  y: number;
  mcse: number;
  series: string;
  facet?: string;
  /** Numeric order of the facet panels (e.g. the grid value), so 5 comes before 10. */
  facetOrder?: number;
  published?: number | null;
}

export interface LineChartOptions {
  title: string;
  xTitle: string;
  yTitle: string;
  /** Plot x on a log scale (e.g. eval size). */
  xLog?: boolean;
  /** y as a percentage axis. */
  percent?: boolean;
  /** Horizontal reference line (e.g. 0.95 nominal coverage, 0.05 nominal false-win rate). */
  reference?: number;
  referenceLabel?: string;
  /** Facet column title, when points carry `facet`. */
  facetTitle?: string;
}

/** Lines with MC error bars, a reference rule and published points. */
export function lineChartSpec(points: readonly ChartPoint[], options: LineChartOptions): VegaLiteSpec {
  const data = points.map((p) => ({
    ...p,
    lo: p.y - 1.96 * p.mcse,
    hi: p.y + 1.96 * p.mcse,
    published: p.published ?? null,
  }));
  const axisFormat = options.percent ? '.0%' : '~g';
  const x = {
    field: 'x',
    type: 'quantitative',
    title: options.xTitle,
    scale: options.xLog ? { type: 'log', nice: false, padding: 8 } : { zero: false },
  };
  const color = { field: 'series', type: 'nominal', title: null };
  const layers: VegaLiteSpec[] = [
    {
      mark: { type: 'line', point: { filled: true, size: 30 } },
      encoding: {
        x,
        y: {
          field: 'y',
          type: 'quantitative',
          title: options.yTitle,
          axis: { format: axisFormat },
          scale: { zero: false },
        },
        color,
      },
    },
    {
      mark: { type: 'errorbar', ticks: true },
      encoding: {
        x,
        y: { field: 'lo', type: 'quantitative', title: options.yTitle },
        y2: { field: 'hi' },
        color,
      },
    },
    {
      transform: [{ filter: 'datum.published !== null' }],
      mark: { type: 'point', shape: 'diamond', filled: false, size: 70, strokeWidth: 1.5 },
      encoding: { x, y: { field: 'published', type: 'quantitative', title: options.yTitle }, color },
    },
  ];
  if (options.reference !== undefined) {
    layers.push({
      data: { values: [{ ref: options.reference, label: options.referenceLabel ?? 'nominal' }] },
      mark: { type: 'rule', strokeDash: [5, 4], color: '#444' },
      encoding: { y: { field: 'ref', type: 'quantitative' } },
    });
  }
  const hasFacet = points.some((p) => p.facet !== undefined);
  const base: VegaLiteSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: {
      text: options.title,
      subtitle: 'filled: reproduced (bars ±1.96 MCSE) · hollow diamonds: published',
    },
    data: { values: data },
    config: { font: 'sans-serif', view: { stroke: '#ddd' } },
  };
  if (hasFacet) {
    return {
      ...base,
      facet: {
        column: {
          field: 'facet',
          type: 'nominal',
          title: options.facetTitle ?? null,
          sort: { field: 'facetOrder', op: 'min' },
        },
      },
      spec: { width: 180, height: 200, layer: layers },
      resolve: { scale: { y: 'shared' } },
    };
  }
  return { ...base, width: 420, height: 260, layer: layers };
}

/** Histogram of integer counts (e.g. significant pairs per leaderboard) with relative frequencies. */
export function countHistogramSpec(
  counts: readonly { value: string; frequency: number }[],
  options: { title: string; xTitle: string; yTitle?: string },
): VegaLiteSpec {
  const layers: VegaLiteSpec[] = [
    {
      mark: { type: 'bar', width: { band: 0.85 } },
      encoding: {
        x: { field: 'value', type: 'ordinal', title: options.xTitle, sort: null },
        y: {
          field: 'frequency',
          type: 'quantitative',
          title: options.yTitle ?? 'share of replications',
          axis: { format: '.0%' },
        },
      },
    },
  ];
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: options.title,
    data: { values: counts },
    width: 420,
    height: 240,
    layer: layers,
  };
}
