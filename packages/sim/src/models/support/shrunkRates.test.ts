/**
 * shrunkRates: the estimated per-question truth has the observed means and, for a pair, the
 * variance of its differences equals analyze's ω² (the observed S²(d) less the within-question
 * noise); on the known-truth generator it is near the true rates' ω², where the observed rates'
 * is far above it (issue 26: 0.126 against 0.0139).
 */
import { describe, expect, it } from 'vitest';
import { analyzeEval } from '../../analysis/analyzeEval.js';
import { knownTruthEval, knownTruthMatrix, knownTruthPopulation } from '../../test-utils/knownTruthMatrix.js';
import { shrunkRates, symmetricEigen } from './shrunkRates.js';

const variance = (x: ArrayLike<number>) => {
  const n = x.length;
  let m = 0;
  for (let i = 0; i < n; i++) m += x[i] / n;
  let s = 0;
  for (let i = 0; i < n; i++) s += (x[i] - m) ** 2;
  return s / (n - 1);
};
const diff = (a: Float64Array, b: Float64Array) => Float64Array.from(a, (x, i) => x - b[i]);

describe('symmetricEigen', () => {
  it('V Λ Vᵀ gives back the matrix, V orthogonal', () => {
    const n = 4;
    const m = Float64Array.from([4, 1, 0.5, 0.2, 1, 3, 0.3, 0.1, 0.5, 0.3, 2, 0.4, 0.2, 0.1, 0.4, 1]);
    const { values, vectors } = symmetricEigen(m, n);
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        let back = 0;
        let dot = 0;
        for (let k = 0; k < n; k++) {
          back += vectors[i * n + k] * values[k] * vectors[j * n + k];
          dot += vectors[k * n + i] * vectors[k * n + j];
        }
        expect(Math.abs(back - m[i * n + j])).toBeLessThan(1e-12);
        expect(Math.abs(dot - (i === j ? 1 : 0))).toBeLessThan(1e-12);
      }
  });
});

describe('shrunkRates on the known-truth generator (3 systems, 25 subjects × 40, 3 epochs)', () => {
  const e = knownTruthEval();
  const population = knownTruthPopulation(e);
  const systems = e.options.systems.map((s) => population.systems.get(s)!);
  const shrunk = shrunkRates(systems, population.clusterIndex);
  const observed = systems.map((s) => Float64Array.from(s.correct, (c, i) => c / s.k[i]));
  const analysis = analyzeEval(knownTruthMatrix(e), { hbb: 'off' });
  it('keeps the means; a pair shrunk alone has exactly analyze’s ω², the three jointly within 2%', () => {
    const pair = shrunkRates(systems.slice(0, 2), population.clusterIndex);
    expect(pair.note).not.toMatch(/negative eigenvalue|clipped/);
    const ab = analysis.pairs.find(
      (p) => p.first === e.options.systems[1] && p.second === e.options.systems[0],
    )!;
    expect(Math.abs(variance(diff(pair.rates[0], pair.rates[1])) - ab.epochPower!.omega2)).toBeLessThan(
      1e-12,
    );
    expect(shrunk.applied).toBe(true);
    for (let s = 0; s < 3; s++) {
      const m = (x: Float64Array) => x.reduce((a, b) => a + b, 0) / x.length;
      expect(Math.abs(m(shrunk.rates[s]) - m(observed[s]))).toBeLessThan(2e-3);
    }
    for (const p of analysis.pairs) {
      const i = e.options.systems.indexOf(p.first);
      const j = e.options.systems.indexOf(p.second);
      const omega = variance(diff(shrunk.rates[i], shrunk.rates[j]));
      expect(Math.abs(omega - p.epochPower!.omega2) / p.epochPower!.omega2).toBeLessThan(0.02);
    }
  });
  it('is near the true rates’ ω², where the observed rates’ is about twice too large', () => {
    const truth = variance(diff(e.rates[0], e.rates[1]));
    const fromShrunk = variance(diff(shrunk.rates[0], shrunk.rates[1]));
    const fromObserved = variance(diff(observed[0], observed[1]));
    // 1,000 questions: the moment estimate's relative sampling error is about 10%.
    expect(Math.abs(fromShrunk - truth) / truth).toBeLessThan(0.25);
    expect(fromObserved / truth).toBeGreaterThan(2);
  });
  it('one answer per question: unchanged, with the reason', () => {
    const one = knownTruthPopulation(knownTruthEval({ epochs: 1 }));
    const r = shrunkRates([...one.systems.values()], one.clusterIndex);
    expect(r.applied).toBe(false);
    expect(r.note).toMatch(/^one answer per question/);
  });
});
