/**
 * The multinomial sampler: counts add to n, a category of weight 0 never appears, and the
 * counts of every category match n·p within Monte Carlo error (a χ² goodness-of-fit on the
 * category totals of 2,000 draws, against the 99.9% point of χ²₄ = 18.47).
 */
import { describe, expect, it } from 'vitest';
import { SeededStream } from '../rng/SeededStream.js';
import { sampleMultinomial } from './multinomial.js';

describe('sampleMultinomial', () => {
  it('sums to n, skips zero weights, and matches n·p', () => {
    const rng = new SeededStream(12345, 0);
    const w = [5, 0, 1, 3, 0.5, 0.5];
    const out = new Float64Array(6);
    const totals = new Float64Array(6);
    const reps = 2000;
    const n = 37;
    for (let r = 0; r < reps; r++) {
      sampleMultinomial(rng, n, w, out);
      expect(out.reduce((s, x) => s + x, 0)).toBe(n);
      expect(out[1]).toBe(0);
      for (let k = 0; k < 6; k++) totals[k] += out[k];
    }
    const sum = w.reduce((s, x) => s + x, 0);
    let chi = 0;
    for (let k = 0; k < 6; k++) {
      if (w[k] === 0) continue;
      const e = (reps * n * w[k]) / sum;
      chi += (totals[k] - e) ** 2 / e;
    }
    // the category totals are multinomial(reps·n): χ² with 4 df (5 positive categories)
    expect(chi).toBeLessThan(18.47);
  });
  it('refuses bad weights', () => {
    const rng = new SeededStream(1, 0);
    expect(() => sampleMultinomial(rng, 3, [1, -1], new Float64Array(2))).toThrow(/weights/);
    expect(() => sampleMultinomial(rng, 3, [0, 0], new Float64Array(2))).toThrow(/sum to 0/);
  });
});
