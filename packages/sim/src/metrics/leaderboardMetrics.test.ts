import { describe, expect, test } from 'vitest';
import { createMethodResult } from '../base/methodResult.js';
import type { MetricDefinition } from '../base/roles.js';
import { SOLO } from '../test-utils/metricContext.js';
import { estimateQuantile } from './estimateQuantile.js';
import { estimateShare } from './estimateShare.js';
import { estimateVariance } from './estimateVariance.js';
import { metricRegistry } from './registry.js';

function feed(metric: MetricDefinition, options: Record<string, unknown>, values: number[]) {
  const acc = metric.create(options, SOLO);
  const r = createMethodResult();
  for (const v of values) {
    r.estimate = v;
    acc.add(r, 0, [r]);
  }
  return acc.result();
}

/** Deterministic skewed values (LCG), for comparison with direct computations. */
function values(n: number, seed: number): number[] {
  let s = seed >>> 0;
  return Array.from({ length: n }, () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const u = s / 4294967296;
    return Math.floor(-Math.log(1 - u) * 3);
  });
}

describe('estimateShare', () => {
  test('atLeast and equals against direct counts, binomial MCSE', () => {
    const x = values(5000, 1);
    for (const [options, hit] of [
      [{ atLeast: 1 }, (v: number) => v >= 1],
      [{ equals: 2 }, (v: number) => v === 2],
    ] as const) {
      const share = x.filter(hit).length / x.length;
      const result = feed(estimateShare, options, x);
      expect(result.value).toBe(share);
      expect(result.mcse).toBeCloseTo(Math.sqrt((share * (1 - share)) / x.length), 15);
    }
    expect(feed(estimateShare, { atLeast: 1 }, [Number.NaN, 1]).value).toBe(0.5);
  });

  test('needs exactly one of atLeast and equals', () => {
    expect(() => estimateShare.create({}, SOLO)).toThrow(/exactly one/);
    expect(() => estimateShare.create({ atLeast: 1, equals: 2 }, SOLO)).toThrow(/exactly one/);
    expect(() => estimateShare.create({ atLeast: 'one' }, SOLO)).toThrow(/finite number/);
  });
});

describe('estimateQuantile', () => {
  test('type-7 quantiles of the estimates (relative resolution 1e-4)', () => {
    const x = values(4001, 2).map((v) => v + 0.5);
    const sorted = [...x].sort((a, b) => a - b);
    for (const q of [0.5, 0.95]) {
      const h = (x.length - 1) * q;
      const direct =
        sorted[Math.floor(h)] + (h - Math.floor(h)) * (sorted[Math.ceil(h)] - sorted[Math.floor(h)]);
      const result = feed(estimateQuantile, { q }, x);
      expect(Math.abs(result.value - direct)).toBeLessThanOrEqual(1e-4 * direct);
      expect(result.mcse).toBeGreaterThanOrEqual(0);
    }
    expect(() => estimateQuantile.create({ q: 1 }, SOLO)).toThrow(/\(0, 1\)/);
  });
});

describe('estimateVariance', () => {
  test('s² and the fourth-moment MCSE against two-pass formulas', () => {
    const x = values(3000, 3);
    const n = x.length;
    const mean = x.reduce((s, v) => s + v, 0) / n;
    const s2 = x.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1);
    const m4 = x.reduce((s, v) => s + (v - mean) ** 4, 0) / n;
    const mcse = Math.sqrt((m4 - (s2 * s2 * (n - 3)) / (n - 1)) / n);
    const result = feed(estimateVariance, {}, x);
    expect(result.value).toBeCloseTo(s2, 10);
    expect(result.mcse).toBeCloseTo(mcse, 10);
  });

  test('0/1 estimates at p = ½: MCSE ≈ 0, unlike the normal-theory value', () => {
    const x = Array.from({ length: 1000 }, (_, i) => i % 2);
    const result = feed(estimateVariance, {}, x);
    expect(result.value).toBeCloseTo(0.25 * (1000 / 999), 12);
    expect(result.mcse).toBeLessThan(1e-3);
  });

  test('registered', () => {
    for (const name of ['estimateShare', 'estimateQuantile', 'estimateVariance'])
      expect(metricRegistry.get(name, 'metric').name).toBe(name);
  });
});
