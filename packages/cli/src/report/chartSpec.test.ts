import { describe, expect, it } from 'vitest';
import type { ChartPoint } from './chartPoint.js';
import { countHistogramSpec, lineChartSpec } from './chartSpec.js';
import { mergeIdenticalSeries } from './mergeIdenticalSeries.js';
import { renderSvg } from './renderSvg.js';

const point = (series: string, x: number, y: number, extra: Partial<ChartPoint> = {}): ChartPoint => ({
  x,
  y,
  mcse: 0.004,
  series,
  ...extra,
});

/** Text of the SVG's <text> elements. */
const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

describe('lineChartSpec + renderSvg', () => {
  it('renders error bars, published points, the reference line and says what they are', async () => {
    const spec = lineChartSpec(
      [
        point('wald', 10, 0.887, { mcse: 0.005, published: 0.887 }),
        point('wald', 20, 0.921, { published: null }),
        point('wilson', 10, 0.968, { mcse: 0.003 }),
      ],
      { title: 'Coverage', xTitle: 'n', yTitle: 'coverage', percent: true, reference: 0.95, xLog: true },
    );
    const svg = await renderSvg(spec);
    expect(svg.startsWith('<svg')).toBe(true);
    const labels = texts(svg);
    expect(labels).toContain('Coverage');
    expect(labels).toEqual(expect.arrayContaining(['wald', 'wilson']));
    expect(labels.join(' ')).toContain('hollow diamonds: published');
    expect(labels.join(' ')).toContain('dashed line: nominal (95%)');
  });

  it('ticks at every grid value of a log axis (K = 16 gets its tick) and never truncates legend labels', async () => {
    const points = [1, 2, 4, 16].flatMap((K) => [
      point('temperatureZero = false', K, 1 / 12 + 1 / 6 / K),
      point('temperatureZero = true', K, 0.25),
    ]);
    const svg = await renderSvg(
      lineChartSpec(points, { title: 'v', xTitle: 'K', yTitle: 'var', xLog: true }),
    );
    const labels = texts(svg);
    expect(labels).toEqual(expect.arrayContaining(['1', '2', '4', '16']));
    expect(labels).toEqual(expect.arrayContaining(['temperatureZero = false', 'temperatureZero = true']));
    expect(labels.some((t) => t.includes('…'))).toBe(false);
    // n = 15 … 500 and 1,140 likewise.
    const sizes = [15, 30, 100, 500, 1140].map((n) => point('wald', n, 0.9));
    const sizeLabels = texts(
      await renderSvg(lineChartSpec(sizes, { title: 't', xTitle: 'n', yTitle: 'c', xLog: true })),
    );
    expect(sizeLabels).toEqual(expect.arrayContaining(['15', '30', '100', '500', '1,140']));
    // A linear axis of few integers: plain integers (Vega's default precision printed 10 as "1e+1").
    const subjects = [5, 10, 20, 40].map((k) => point('naive', k, 0.7));
    const subjectLabels = texts(
      await renderSvg(lineChartSpec(subjects, { title: 't', xTitle: 'k', yTitle: 'c' })),
    );
    expect(subjectLabels).toEqual(expect.arrayContaining(['5', '10', '20', '40']));
    expect(subjectLabels.join(' ')).not.toContain('e+');
  });

  it('draws series that coincide everywhere once, labelled "a = b"; others get distinct dashes', () => {
    const points = [15, 30].flatMap((n) => [
      point('wald', n, 0.8 + n / 1000),
      point('wilson', n, 0.95, { published: 0.95 }),
      point('betaUniform', n, 0.95, { published: 0.95 }),
      point('clopperPearson', n, 0.95 + 1e-6),
    ]);
    const merged = mergeIdenticalSeries(points);
    expect([...new Set(merged.map((p) => p.series))]).toEqual([
      'wald',
      'wilson = betaUniform',
      'clopperPearson',
    ]);
    // A published value on one of them is kept; published values that disagree keep them apart.
    const withPublished = mergeIdenticalSeries([point('a', 1, 0.5), point('b', 1, 0.5, { published: 0.4 })]);
    expect(withPublished).toEqual([point('a = b', 1, 0.5, { published: 0.4 })]);
    const apart = mergeIdenticalSeries([
      point('a', 1, 0.5, { published: 0.5 }),
      point('b', 1, 0.5, { published: 0.4 }),
      point('c', 1, 0.5 + 1e-9),
    ]);
    expect(apart.map((p) => p.series)).toEqual(['a', 'b', 'c']);
    // Labels that contain " = " themselves (a grid-parameter series) keep their published values.
    const param = [point('K = 1', 1, 0.25, { published: 0.25 }), point('K = 2', 1, 0.3, { published: null })];
    expect(mergeIdenticalSeries(param)).toEqual(param);
    const spec = lineChartSpec(points, { title: 't', xTitle: 'n', yTitle: 'c' });
    const dashes = spec.layer[0].encoding.strokeDash.scale.range as number[][];
    expect(new Set(dashes.map((d) => JSON.stringify(d))).size).toBe(3);
  });
});

describe('countHistogramSpec', () => {
  it('shows MC error bars and horizontal labels', async () => {
    const spec = countHistogramSpec(
      [
        { value: '0', frequency: 0.15, mcse: 0.011 },
        { value: '21+', frequency: 0.017, mcse: 0.004 },
      ],
      { title: 'pairs', xTitle: 'significant pairs' },
    );
    expect(spec.layer[1].mark.type).toBe('errorbar');
    const labels = texts(await renderSvg(spec));
    expect(labels).toEqual(expect.arrayContaining(['0', '21+', 'share of replications']));
  });
});
