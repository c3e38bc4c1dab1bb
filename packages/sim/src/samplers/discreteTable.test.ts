import { InputError } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import { SeededStream } from '../rng/SeededStream.js';
import { DiscreteTable } from './discreteTable.js';
import {
  discreteGof,
  drawMany,
  GOF_REJECT_BELOW,
  MOMENT_Z,
  momentZScores,
} from './test-utils/goodnessOfFit.js';

/** min{ i : cdf[i] > u } by a plain scan (the definition the guide table must reproduce). */
function scanQuantile(table: DiscreteTable, u: number): number {
  let i = 0;
  while (table.cdf[i] <= u) i++;
  return table.first + i;
}

describe('DiscreteTable (inversion with a guide table)', () => {
  it('quantile equals a plain cdf scan for 20,000 uniforms, at every cdf value and just below it', () => {
    const rng = new SeededStream(77, 0);
    for (const size of [1, 2, 3, 7, 64, 501]) {
      const weights = drawMany(size, () => (rng.uniform() < 0.2 ? 0 : rng.uniform() ** 3));
      weights[size - 1] += 1e-3;
      const table = new DiscreteTable().fill(weights, 5, size);
      let mismatches = 0;
      for (let r = 0; r < 20_000 / 6; r++) {
        const u = rng.uniform();
        if (table.quantile(u) !== scanQuantile(table, u)) mismatches++;
      }
      expect(mismatches).toBe(0);
      for (let i = 0; i < size; i++) {
        const c = table.cdf[i];
        if (c >= 1) continue;
        expect(table.quantile(c)).toBe(scanQuantile(table, c));
        const below = c - c * Number.EPSILON;
        expect(table.quantile(below)).toBe(scanQuantile(table, below));
      }
      expect(table.quantile(0)).toBe(scanQuantile(table, 0));
      expect(table.quantile(1 - 2 ** -53)).toBe(5 + size - 1);
    }
  });

  it('settled guide cells (no comparison) agree with the scan at both edges of every cell, for guides of 1 and 16 per value', () => {
    const rng = new SeededStream(78, 0);
    for (const per of [1, 16]) {
      for (const size of [2, 6, 51, 300]) {
        const weights = drawMany(size, () => (rng.uniform() < 0.1 ? 0 : rng.uniform()));
        weights[0] += 1e-3;
        const table = new DiscreteTable(per).fill(weights, 0, size);
        const g = table.guideSize;
        let settled = 0;
        let mismatches = 0;
        for (let j = 0; j < g; j++) {
          if (table.guide[j] >= 0) settled++;
          for (const u of [j / g, (j + 1) / g - 2 ** -53, j / g - 2 ** -53, (j + 1) / g, (j + 0.5) / g]) {
            if (u >= 0 && u < 1 && table.quantile(u) !== scanQuantile(table, u)) mismatches++;
          }
        }
        expect(mismatches).toBe(0);
        if (per === 16) expect(settled).toBeGreaterThan(g / 2);
      }
    }
  });

  it('never returns a value of zero weight, and u ≥ 1 gives the last value', () => {
    const table = new DiscreteTable().fill([0, 1, 0, 0, 3, 0], 10, 6);
    const seen = new Set<number>();
    const rng = new SeededStream(3, 1);
    for (let r = 0; r < 10_000; r++) seen.add(table.sample(rng));
    expect([...seen].sort()).toEqual([11, 14]);
    expect(table.quantile(1)).toBe(15);
  });

  it('draws fit the weights (chi-square) and their mean and variance (5 s.e.)', () => {
    const weights = [5, 0, 1, 2, 8, 0.5, 3, 0, 0, 1];
    const total = weights.reduce((a, b) => a + b, 0);
    const pmf = (k: number) => (weights[k] ?? 0) / total;
    const table = new DiscreteTable().fill(weights, 0, weights.length);
    const rng = new SeededStream(11, 2);
    const draws = drawMany(200_000, () => table.sample(rng));
    expect(discreteGof(draws, pmf, weights.length - 1).pValue).toBeGreaterThan(GOF_REJECT_BELOW);
    let mean = 0;
    let second = 0;
    weights.forEach((_, k) => {
      mean += k * pmf(k);
      second += k * k * pmf(k);
    });
    for (const z of momentZScores(draws, { mean, variance: second - mean * mean })) {
      expect(z).toBeLessThan(MOMENT_Z);
    }
  });

  it('the chi-square check has power: draws from the table are rejected against shifted weights', () => {
    const table = new DiscreteTable().fill([1, 1, 1, 1], 0, 4);
    const rng = new SeededStream(12, 3);
    const draws = drawMany(200_000, () => table.sample(rng));
    expect(discreteGof(draws, (k) => [0.26, 0.25, 0.25, 0.24][k] ?? 0, 3).pValue).toBeLessThan(
      GOF_REJECT_BELOW,
    );
  });

  it('refills in place (arrays grow only when needed) and the last cdf entry is exactly 1', () => {
    const table = new DiscreteTable().fill([1, 2, 3, 4], 0, 4);
    const cdf = table.cdf;
    table.fill([1 / 3, 1 / 3, 1 / 3], 2, 3);
    expect(table.cdf).toBe(cdf);
    expect(table.size).toBe(3);
    expect(table.cdf[2]).toBe(1);
    expect(table.quantile(0.5)).toBe(3);
    table.fill(new Float64Array(100).fill(1), 0, 100);
    expect(table.size).toBe(100);
  });

  it('bad weights or counts throw an InputError naming them', () => {
    const table = new DiscreteTable();
    expect(() => table.fill([1, -1], 0, 2)).toThrow(/weights: entry 1 must be finite and ≥ 0/);
    expect(() => table.fill([1, Number.NaN], 0, 2)).toThrow(InputError);
    expect(() => table.fill([0, 0], 0, 2)).toThrow(/weights: must have a positive finite sum/);
    expect(() => table.fill([1], 0, 2)).toThrow(/count: must be an integer in \[1, 1\]/);
    expect(() => table.fill([1e308, 1e308], 0, 2)).toThrow(/positive finite sum/);
  });

  it('a larger guide gives the same F⁻¹(u), bit for bit (every cdf step and 100,000 uniforms)', () => {
    const weights = Float64Array.from({ length: 37 }, (_, i) => (i % 5 === 0 ? 0 : 1 + ((i * 7919) % 13)));
    const plain = new DiscreteTable().fill(weights, 3, 37);
    const wide = new DiscreteTable(16).fill(weights, 3, 37);
    expect(wide.guideSize).toBe(16 * 37);
    const huge = new DiscreteTable(64, 4096).fill(weights, 3, 37);
    expect(huge.guideSize).toBe(4096);
    expect(new DiscreteTable(64, 4096).fill(new Float64Array(100).fill(1), 0, 100).guideSize).toBe(6400);
    const rng = new SeededStream(9, 1);
    let mismatches = 0;
    for (let t = 0; t < 100_000; t++) {
      const u = rng.uniform();
      const want = plain.quantile(u);
      if (wide.quantile(u) !== want || huge.quantile(u) !== want) mismatches++;
    }
    expect(mismatches).toBe(0);
    for (let i = 0; i < 37; i++) {
      const step = plain.cdf[i];
      for (const u of [step, step - 2 ** -53, step + 2 ** -53]) {
        if (u >= 0 && u < 1) {
          expect(wide.quantile(u)).toBe(plain.quantile(u));
          expect(huge.quantile(u)).toBe(plain.quantile(u));
        }
      }
    }
    for (let j = 0; j < huge.guideSize; j++) {
      for (const u of [j / huge.guideSize, (j + 1) / huge.guideSize - 2 ** -53]) {
        if (huge.quantile(u) !== plain.quantile(u)) mismatches++;
      }
    }
    expect(mismatches).toBe(0);
    expect(() => new DiscreteTable(0)).toThrow(/guidePerValue/);
    expect(() => new DiscreteTable(1, -1)).toThrow(/minGuideSize/);
    expect(() => new DiscreteTable(1, 2 ** 21)).toThrow(/minGuideSize/);
  });

  it('quantilesInto equals quantile entry by entry (every cdf step, u = 0 and u ≥ 1) and checks its ranges', () => {
    const weights = Float64Array.from({ length: 23 }, (_, i) => (i % 4 === 0 ? 0 : 1 + ((i * 31) % 7)));
    for (const table of [
      new DiscreteTable().fill(weights, -2, 23),
      new DiscreteTable(16).fill(weights, -2, 23),
    ]) {
      const u: number[] = [0, 1, 1.5];
      for (let i = 0; i < 23; i++) u.push(table.cdf[i], table.cdf[i] - 2 ** -53, table.cdf[i] + 2 ** -53);
      const rng = new SeededStream(4, 2);
      for (let t = 0; t < 5000; t++) u.push(rng.uniform());
      const us = Float64Array.from(u.filter((x) => x >= 0));
      const out = new Float64Array(us.length + 2).fill(Number.NaN);
      table.quantilesInto(us, 0, us.length, out, 1);
      expect(out[0]).toBeNaN();
      expect(out[us.length + 1]).toBeNaN();
      for (let i = 0; i < us.length; i++) expect(out[i + 1]).toBe(table.quantile(us[i]));
      expect(() => table.quantilesInto(us, 1, us.length, out, 0)).toThrow(/count/);
      expect(() => table.quantilesInto(us, 0, us.length, out, 3)).toThrow(/out/);
    }
  });
});
