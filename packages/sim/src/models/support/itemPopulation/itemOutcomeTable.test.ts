import { binomialCdf, binomialPmf, InputError } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import { SeededStream } from '../../../rng/SeededStream.js';
import { chiSquareTest, GOF_REJECT_BELOW, windowGof } from '../../../samplers/test-utils/goodnessOfFit.js';
import { itemPopulationPaired } from '../../itemPopulationModel.js';
import { itemOutcomeTable } from './itemOutcomeTable.js';

/** Five clusters of sizes 1, 2, 3, 1, 5 with unequal per-question probabilities. */
const clusterIndex = Int32Array.from([0, 1, 1, 2, 2, 2, 3, 4, 4, 4, 4, 4]);
const pA = Float64Array.from([0.9, 0.1, 0.5, 1, 0, 0.25, 0.75, 0.6, 0.3, 0.95, 0.05, 0.4]);
const pB = Float64Array.from([0.2, 0.8, 0.5, 0, 1, 0.7, 0.33, 0.1, 0.9, 0.45, 0.55, 1]);

/** The direct law of (cluster, outcome) by enumerating questions: entry c·4 + 2·y_A + y_B. */
function directLaw(): Float64Array {
  const law = new Float64Array(5 * 4);
  const n = clusterIndex.length;
  for (let i = 0; i < n; i++) {
    for (let ya = 0; ya <= 1; ya++) {
      for (let yb = 0; yb <= 1; yb++) {
        const p = (ya ? pA[i] : 1 - pA[i]) * (yb ? pB[i] : 1 - pB[i]);
        law[clusterIndex[i] * 4 + 2 * ya + yb] += p / n;
      }
    }
  }
  return law;
}

describe('itemOutcomeTable', () => {
  it('holds the direct law of (cluster, outcome) to 1e-15', () => {
    const table = itemOutcomeTable(clusterIndex, 5, pA, pB);
    const law = directLaw();
    expect(table.size).toBe(20);
    let previous = 0;
    for (let e = 0; e < 20; e++) {
      expect(Math.abs(table.cdf[e] - previous - law[e])).toBeLessThan(1e-15);
      previous = table.cdf[e];
    }
  });

  it('never draws an outcome no question can give (a 0/1 "first" answer)', () => {
    const first = Float64Array.from([1, 0]);
    const table = itemOutcomeTable(Int32Array.from([0, 0]), 1, first, first);
    const rng = new SeededStream(7);
    for (let t = 0; t < 10_000; t++) {
      const o = table.sample(rng);
      expect(o === 0 || o === 3).toBe(true);
    }
  });

  it('draws fit the direct law (chi-square, 200,000 draws, p > 1e-4)', () => {
    const table = itemOutcomeTable(clusterIndex, 5, pA, pB);
    const rng = new SeededStream(2026);
    const counts = new Float64Array(20);
    for (let t = 0; t < 200_000; t++) counts[table.sample(rng)]++;
    const fit = chiSquareTest(counts, directLaw());
    expect(fit.pValue).toBeGreaterThan(GOF_REJECT_BELOW);
  });

  it('refuses a probability outside [0, 1], naming it', () => {
    const one = Float64Array.from([0.5]);
    expect(() => itemOutcomeTable(Int32Array.from([0]), 1, Float64Array.from([1.5]), one)).toThrow(
      InputError,
    );
    expect(() => itemOutcomeTable(Int32Array.from([0]), 1, one, new Float64Array(2))).toThrow(
      /one probability per question/,
    );
  });
});

describe('itemPopulationPaired with replacement (the outcome-table and binomial shortcuts)', () => {
  const studies = { baseDir: new URL('../../../../../../studies/', import.meta.url).pathname };
  const base = { population: 'data/mmlu-standin.csv', systems: ['haiku_low', 'sonnet_off'], replace: true };

  /** Per-question P(score 1) of a system of the stand-in, read through the model itself. */
  function probabilities(answer: 'recorded' | 'first') {
    const p = itemPopulationPaired.parse({ ...base, n: 10, answer }, studies);
    return { a: p.scoresA, b: p.scoresB as Float64Array, clusterIndex: p.population.clusterIndex };
  }

  /** P(A right), P(B right) and P(both right) for a question drawn uniformly from the population. */
  function meanProbabilities(answer: 'recorded' | 'first') {
    const { a, b } = probabilities(answer);
    const N = a.length;
    let pA = 0;
    let pB = 0;
    let p11 = 0;
    for (let i = 0; i < N; i++) {
      pA += a[i] / N;
      pB += b[i] / N;
      p11 += (a[i] * b[i]) / N;
    }
    return { pA, pB, p11 };
  }

  /** Each sample of counts fits Binomial(n, p) (chi-square over 0…n, p-value above GOF_REJECT_BELOW). */
  function expectBinomials(n: number, cases: readonly (readonly [ArrayLike<number>, number])[]) {
    for (const [values, p] of cases) {
      const fit = windowGof(
        values,
        (k) => binomialPmf(k, n, p),
        (k) => binomialCdf(k, n, p),
        0,
        n,
      );
      expect(fit.pValue).toBeGreaterThan(GOF_REJECT_BELOW);
    }
  }

  function draws(
    answer: 'recorded' | 'first',
    design: 'paired' | 'independent',
    n: number,
    reps: number,
    pooled = false,
  ) {
    const p = itemPopulationPaired.parse({ ...base, n, answer, design, pooled }, studies);
    const data = itemPopulationPaired.allocate(p);
    const out = { a: new Float64Array(reps), b: new Float64Array(reps), ab: new Float64Array(reps) };
    const firstSlot = new Float64Array(reps);
    const rng = new SeededStream(0);
    // Checked once at the end (an expect per cluster and replication cost most of the test's time).
    let graded = 0;
    let wrongSize = 0;
    for (let r = 0; r < reps; r++) {
      rng.reseed(4165, r);
      itemPopulationPaired.generate(p, rng, data);
      let a = 0;
      let b = 0;
      let ab = 0;
      let size = 0;
      for (let s = 0; s < data.clusterCount; s++) {
        a += data.totalsA[s];
        b += data.totalsB[s];
        ab += data.sumProducts[s];
        size += data.sizes[s];
        if (data.sumSquaresA[s] !== data.totalsA[s] || data.sumSquaresB[s] !== data.totalsB[s]) graded++;
      }
      if (size !== n || data.itemCount !== n) wrongSize++;
      out.a[r] = a;
      out.b[r] = b;
      out.ab[r] = ab;
      firstSlot[r] = data.sizes[0];
    }
    expect(graded, 'clusters whose sum of squares differs from their total (scores not 0/1)').toBe(0);
    expect(wrongSize, 'replications whose cluster sizes do not add up to n').toBe(0);
    return { ...out, firstSlot };
  }

  it.each(['recorded', 'first'] as const)(
    "paired, answer '%s': Σa, Σb and Σab are Binomial(n, mean p) each (chi-square, 4,000 replications)",
    (answer) => {
      const n = 60;
      const { pA, pB, p11 } = meanProbabilities(answer);
      const d = draws(answer, 'paired', n, 4000);
      expectBinomials(n, [
        [d.a, pA],
        [d.b, pB],
        [d.ab, p11],
      ]);
    },
  );

  it.each(['recorded', 'first'] as const)(
    "pooled, answer '%s': one slot; Σa, Σb, Σab, b, c and b + c Binomial(n, mean p) each (chi-square, 4,000 replications)",
    (answer) => {
      const n = 300;
      const { pA, pB, p11 } = meanProbabilities(answer);
      const d = draws(answer, 'paired', n, 4000, true);
      const onlyA = d.a.map((x, r) => x - d.ab[r]);
      const onlyB = d.b.map((x, r) => x - d.ab[r]);
      const discordant = onlyA.map((x, r) => x + onlyB[r]);
      expectBinomials(n, [
        [d.a, pA],
        [d.b, pB],
        [d.ab, p11],
        [onlyA, pA - p11],
        [onlyB, pB - p11],
        [discordant, pA + pB - 2 * p11],
      ]);
      expect(Array.from(new Set(d.firstSlot))).toEqual([n]);
    },
  );

  it('pooled needs two systems, replacement, n questions and 0/1 answers (ConfigError naming pooled)', () => {
    for (const extra of [{ replace: false }, { answer: 'rate' }]) {
      expect(() => itemPopulationPaired.parse({ ...base, n: 10, pooled: true, ...extra }, studies)).toThrow(
        /pooled/,
      );
    }
  });

  it("paired: the first slot holds the first drawn question's cluster, of size-biased law (mean size checked)", () => {
    // With n = 1 the only slot is the first drawn question's cluster: size 1 always;
    // with n = 2 slot 0 has 2 questions iff both fall in one cluster: P = Σ_c (m_c/N)².
    const { clusterIndex } = probabilities('recorded');
    const N = clusterIndex.length;
    const sizes = new Float64Array(64);
    for (const c of clusterIndex) sizes[c]++;
    let same = 0;
    for (const m of sizes) same += (m / N) ** 2;
    const reps = 20_000;
    const d = draws('recorded', 'paired', 2, reps);
    let both = 0;
    for (const s of d.firstSlot) both += s === 2 ? 1 : 0;
    const share = both / reps;
    const mcse = Math.sqrt((same * (1 - same)) / reps);
    expect(Math.abs(share - same)).toBeLessThan(4 * mcse);
  });

  it.each(['recorded', 'first'] as const)(
    "independent, answer '%s': each total is Binomial(n, mean p) (chi-square, 4,000 replications)",
    (answer) => {
      const n = 200;
      const { a, b } = probabilities(answer);
      const mean = (x: Float64Array) => x.reduce((s, v) => s + v, 0) / x.length;
      const d = draws(answer, 'independent', n, 4000);
      for (const [values, p] of [
        [d.a, mean(a)],
        [d.b, mean(b)],
      ] as const) {
        const fit = windowGof(
          values,
          (k) => binomialPmf(k, n, p),
          (k) => binomialCdf(k, n, p),
          0,
          n,
        );
        expect(fit.pValue).toBeGreaterThan(GOF_REJECT_BELOW);
      }
      expect(Number.isNaN(d.ab[0])).toBe(true);
    },
  );
});
