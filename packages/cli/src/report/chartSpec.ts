/**
 * Vega-Lite specs for the report: a metric against one grid parameter, one line
 * per series, Monte Carlo error bars (±1.96·MCSE), a dashed reference line at
 * the nominal level, and published values as hollow diamonds.
 *
 * Made to be read: each series has its own colour, dash pattern and marker, so a
 * line lying on another still shows; series identical at every point are drawn
 * once and labelled "a = b"; legend labels are never truncated; the x axis ticks
 * at the grid values when they are few or the axis is logarithmic (K = 16, n = 15
 * and n = 1,140 get a tick); the subtitle says what the marks and the dashed line are.
 */
import type { ChartPoint } from './chartPoint.js';
import { mergeIdenticalSeries } from './mergeIdenticalSeries.js';
import type { VegaLiteSpec } from './renderSvg.js';

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
  /**
   * What the simulated points are called in the subtitle: 'reproduced' on reproduce's charts
   * (published tables rerun), 'simulated' (the default) everywhere else.
   */
  pointsLabel?: string;
}

/** Dash patterns and marker shapes by series (the diamond is kept for published values). */
const DASHES = [
  [1, 0],
  [6, 3],
  [2, 2],
  [8, 3, 2, 3],
  [3, 5],
  [10, 4],
  [1, 3],
];
const SHAPES = ['circle', 'square', 'triangle-up', 'cross', 'triangle-down', 'triangle-right', 'stroke'];

/** Tick values at the distinct x values when they are few and far enough apart to be read. */
function xTicks(points: readonly ChartPoint[], log: boolean): number[] | undefined {
  const xs = [...new Set(points.map((p) => p.x))].sort((a, b) => a - b);
  if (xs.length < 2 || xs.length > 12) return undefined;
  const position = (x: number) => (log ? Math.log(x) : x);
  const range = position(xs[xs.length - 1]) - position(xs[0]);
  const gaps = xs.slice(1).map((x, i) => position(x) - position(xs[i]));
  return Math.min(...gaps) >= (log ? 0.05 : 0.12) * range ? xs : undefined;
}

function subtitle(points: readonly ChartPoint[], options: LineChartOptions): string[] {
  const exact = points.filter((p) => p.mcse === 0).length;
  const parts = [
    exact === points.length
      ? 'points: exact values (formula, no simulation)'
      : `points: ${options.pointsLabel ?? 'simulated'}, bars ±1.96 MCSE${exact > 0 ? ' (exact formula values have none)' : ''}`,
  ];
  if (points.some((p) => p.published !== null && p.published !== undefined))
    parts.push('hollow diamonds: published');
  if (options.reference !== undefined) {
    const value = options.percent ? `${+(options.reference * 100).toFixed(2)}%` : String(options.reference);
    parts.push(`dashed line: ${options.referenceLabel ?? `nominal (${value})`}`);
  }
  return [parts.join(' · ')];
}

/** Lines with MC error bars, a reference rule and published points. */
export function lineChartSpec(points: readonly ChartPoint[], options: LineChartOptions): VegaLiteSpec {
  const merged = mergeIdenticalSeries(points);
  const data = merged.map((p) => ({
    ...p,
    // A copy of the series for the marker shapes, so the legend (from `series`) shows lines, not markers.
    marker: p.series,
    lo: p.y - 1.96 * p.mcse,
    hi: p.y + 1.96 * p.mcse,
    published: p.published ?? null,
  }));
  const series = [...new Set(merged.map((p) => p.series))];
  const axisFormat = options.percent ? '.0%' : '~g';
  const ticks = xTicks(merged, options.xLog === true);
  const x = {
    field: 'x',
    type: 'quantitative',
    title: options.xTitle,
    scale: options.xLog ? { type: 'log', nice: false, padding: 8 } : { zero: false },
    // Integers with thousands separators (1,140); other values as short as they go. (Vega gives a
    // precision-less "g" the tick step's precision, which printed 10 as "1e+1".)
    axis: {
      format: merged.every((p) => Number.isInteger(p.x)) ? ',d' : '~r',
      ...(ticks ? { values: ticks, labelOverlap: false } : {}),
    },
  };
  const legend = { labelLimit: 0, symbolType: 'stroke', symbolStrokeWidth: 2.5, symbolSize: 300 };
  // One legend: colour and dash (stroke symbols); marker shapes use a copy of the field, kept out of it.
  const color = { field: 'series', type: 'nominal', title: null, sort: series, legend };
  const strokeDash = {
    field: 'series',
    type: 'nominal',
    title: null,
    sort: series,
    scale: { domain: series, range: series.map((_, i) => DASHES[i % DASHES.length]) },
    legend,
  };
  // The legend shows each series' colour and dash; markers repeat the distinction on the points.
  const shape = {
    field: 'marker',
    type: 'nominal',
    title: null,
    sort: series,
    scale: { domain: series, range: series.map((_, i) => SHAPES[i % SHAPES.length]) },
    legend: null,
  };
  const y = (field: string) => ({
    field,
    type: 'quantitative',
    title: options.yTitle,
    axis: { format: axisFormat },
    scale: { zero: false },
  });
  const layers: VegaLiteSpec[] = [
    {
      mark: { type: 'line', strokeWidth: 2 },
      encoding: { x, y: y('y'), color, strokeDash },
    },
    {
      mark: { type: 'point', filled: true, size: 40, opacity: 1 },
      encoding: { x, y: y('y'), color, shape },
    },
    {
      transform: [{ filter: 'datum.hi > datum.lo' }],
      mark: { type: 'errorbar', ticks: true },
      encoding: { x, y: y('lo'), y2: { field: 'hi' }, color },
    },
    {
      transform: [{ filter: 'datum.published !== null' }],
      mark: { type: 'point', shape: 'diamond', filled: false, size: 110, strokeWidth: 2 },
      encoding: { x, y: y('published'), color },
    },
  ];
  if (options.reference !== undefined) {
    layers.push({
      data: { values: [{ ref: options.reference }] },
      mark: { type: 'rule', strokeDash: [5, 4], color: '#444' },
      encoding: { y: { field: 'ref', type: 'quantitative' } },
    });
  }
  const hasFacet = merged.some((p) => p.facet !== undefined);
  const base: VegaLiteSpec = {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: { text: options.title, subtitle: subtitle(merged, options), anchor: 'start' },
    data: { values: data },
    config: { font: 'sans-serif', view: { stroke: '#ddd' }, legend: { labelLimit: 0 } },
  };
  if (hasFacet) {
    const facet = {
      field: 'facet',
      type: 'nominal',
      title: null,
      sort: { field: 'facetOrder', op: 'min' },
      header: { labelFontSize: 12 },
    };
    // Up to 5 panels in one row; more wrap into rows of 4 (the same spec as before for ≤ 5).
    const panels = new Set(merged.map((p) => p.facet)).size;
    return {
      ...base,
      ...(panels > 5 ? { facet, columns: 4 } : { facet: { column: facet } }),
      spec: { width: 200, height: 220, layer: layers },
      resolve: { scale: { y: 'shared' } },
    };
  }
  return { ...base, width: 440, height: 270, layer: layers };
}

/** Histogram of integer counts (e.g. significant pairs per leaderboard) with relative frequencies and MC error bars. */
export function countHistogramSpec(
  counts: readonly { value: string; frequency: number; mcse: number }[],
  options: { title: string; xTitle: string; yTitle?: string },
): VegaLiteSpec {
  const data = counts.map((c) => ({
    ...c,
    lo: Math.max(0, c.frequency - 1.96 * c.mcse),
    hi: c.frequency + 1.96 * c.mcse,
  }));
  const x = { field: 'value', type: 'ordinal', title: options.xTitle, sort: null, axis: { labelAngle: 0 } };
  const y = (field: string) => ({
    field,
    type: 'quantitative',
    title: options.yTitle ?? 'share of replications',
    axis: { format: '.0%' },
  });
  const layers: VegaLiteSpec[] = [
    { mark: { type: 'bar', width: { band: 0.85 } }, encoding: { x, y: y('frequency') } },
    {
      transform: [{ filter: 'datum.hi > datum.lo' }],
      mark: { type: 'errorbar', ticks: true, color: '#333' },
      encoding: { x, y: y('lo'), y2: { field: 'hi' } },
    },
  ];
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v5.json',
    title: {
      text: options.title,
      subtitle: ['bars: share of replications, whiskers ±1.96 MCSE'],
      anchor: 'start',
    },
    data: { values: data },
    config: { font: 'sans-serif' },
    width: 520,
    height: 240,
    layer: layers,
  };
}
