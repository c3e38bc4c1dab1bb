/**
 * analyzeEval reproduces the seeds' worked examples through the whole path (seed 002 from
 * a matrix built from its counts; seed 000 from the committed MMLU stand-in imported with
 * importEval), and its closed forms agree with direct formulas to 1e-9 relative.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { EvalMatrix } from '../evals/evalMatrix.js';
import { evalMatrix } from '../evals/evalMatrix.js';
import { importEval } from '../evals/importEval.js';
import { matrixFromCounts } from '../test-utils/matrixFromCounts.js';
import { analyzeEval } from './analyzeEval.js';

/** The MMLU stand-in tests are not about the hierarchical beta-binomial (≈ 0.5 s per system). */
const NO_HBB = { hbb: 'off' } as const;
const pts = (x: number) => (100 * x).toFixed(1);
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

describe("seed 002's worked example (100 items, A 71, B 75, b = 3, c = 7)", () => {
  // A right / B right 68, A right only 3, B right only 7, both wrong 22. The seed's choices:
  // the paired z interval and McNemar's exact test (the defaults are the headline rule's).
  const analysis = analyzeEval(matrixFromCounts(68, 3, 7, 22), {
    pairedInterval: 'pairedZ',
    test: 'mcnemar',
  });
  const pair = analysis.pairs[0];
  it('pairs B − A; by default the headline rule gives Tango with McNemar χ², which agree', () => {
    expect([pair.first, pair.second]).toEqual(['B', 'A']);
    expect(analysis.options.pairedInterval).toBe('pairedZ');
    expect(analysis.headline.overridden).toBe(true);
    expect(pts(pair.difference)).toBe('4.0');
    const byRule = analyzeEval(matrixFromCounts(68, 3, 7, 22));
    expect(byRule.options.pairedInterval).toBe('tango');
    expect(byRule.headline.overridden).toBe(false);
    const p = byRule.pairs[0];
    expect(p.test.method).toBe('mcnemarScore');
    // χ² = (7 − 3)²/10 = 1.6, p = P(χ²₁ > 1.6) = 0.2059.
    expect(p.mcnemar!.chiSquare).toBeCloseTo(1.6, 12);
    expect(p.test.pValue.toFixed(4)).toBe('0.2059');
    expect(p.interval.lower).toBeLessThan(0);
    expect(p.agreement).toEqual({ agrees: true, note: null });
    expect(byRule.systems[0].headline).toMatchObject({ method: 'wilson', marks: [] });
  });
  it('paired CI [−2.2, +10.2], t = 1.269 (s_d with n − 1)', () => {
    expect([pts(pair.interval.lower), pts(pair.interval.upper)]).toEqual(['-2.2', '10.2']);
    expect(pair.pairedZ.statistic.toFixed(3)).toBe('1.269');
    expect(rel(pair.pairedZ.se, Math.sqrt(9.84 / 99 / 100))).toBeLessThan(1e-12);
  });
  it('unpaired CI [−8.4, +16.4] with sample variances (the seed divides by n: [−8.3, +16.3])', () => {
    expect([pts(pair.unpaired.lower), pts(pair.unpaired.upper)]).toEqual(['-8.4', '16.4']);
    expect(rel(pair.unpaired.se, Math.sqrt(((0.75 * 0.25 + 0.71 * 0.29) / 100) * (100 / 99)))).toBeLessThan(
      1e-12,
    );
  });
  it('McNemar χ² 0.90, p ≈ 0.34; exact p = 2·P(X ≤ 3 | 10, ½) = 176/512', () => {
    const m = pair.mcnemar!;
    expect([m.n11, m.n10, m.n01, m.n00]).toEqual([68, 7, 3, 22]);
    expect(m.chiSquareCC!.toFixed(2)).toBe('0.90');
    expect(m.chiSquareCCPValue!.toFixed(2)).toBe('0.34');
    expect(rel(m.exactPValue, 176 / 512)).toBeLessThan(1e-12);
    // mid-p: 2·P(X ≥ 8) + P(X = 7) = 2·56/1024 + 120/1024.
    expect(rel(m.midPValue, 232 / 1024)).toBeLessThan(1e-12);
    expect(pair.test).toEqual({ method: 'mcnemar', pValue: m.exactPValue });
  });
  it('"could only have resolved differences larger than about" 2.8·SE ≈ 8.8 points (measured s_d²)', () => {
    const z = 1.959963984540054 + 0.8416212335729143;
    expect(rel(pair.power!.mde, z * Math.sqrt(9.84 / 99 / 100))).toBeLessThan(1e-9);
    expect(pts(pair.power!.mde)).toBe('8.8');
    // n = z²·s_d²/δ² for δ = 5 points: 7.849·0.099394/0.0025 = 312.1 → 313.
    expect(pair.power!.questionsFor.find((g) => g.gap === 0.05)!.questions).toBe(313);
  });
  it('Wilson and Clopper–Pearson for each system on epoch 1; no clusters, so those are skipped with a reason', () => {
    const a = analysis.systems[0];
    expect(a.binary!.correct).toBe(71);
    expect(a.binary!.wilson.lower).toBeLessThan(0.71);
    // Every proportion interval of core, the named two included.
    expect(Object.keys(a.binary!.intervals)).toEqual([
      'wald',
      'wilson',
      'wilsonCC',
      'agrestiCoull',
      'clopperPearson',
      'jeffreys',
      'betaPosterior',
    ]);
    expect(a.binary!.intervals.wilson).toEqual(a.binary!.wilson);
    // Seed 002's Wald interval for A: 0.71 ± 1.96 × 0.04538 → [0.621, 0.799].
    expect(a.binary!.intervals.wald.lower.toFixed(3)).toBe('0.621');
    expect(a.binary!.intervals.wald.upper.toFixed(3)).toBe('0.799');
    expect(a.clustered).toBeNull();
    expect(a.skipped.map((s) => s.method)).toContain(
      'clustered (cr1, cr2, ICC, cluster bootstrap, Korn–Graubard, hierarchical beta-binomial)',
    );
  });
  it('the leaderboard cannot separate them: one tie group, ranks 1–2 each', () => {
    expect(analysis.leaderboard.map((r) => [r.system, r.rank, r.rankRange, r.group])).toEqual([
      ['B', 1, [1, 2], 'a'],
      ['A', 2, [1, 2], 'a'],
    ]);
  });
});

describe("seed 000's Step 3 on the MMLU stand-in (first answers)", () => {
  const csv = fileURLToPath(new URL('../../../../studies/data/mmlu-standin.csv', import.meta.url));
  const matrix = evalMatrix(importEval([csv]).table);
  const first = analyzeEval(matrix, { ...NO_HBB, epoch: 1 });
  const byName = (a: string, b: string) => first.pairs.find((p) => p.first === a && p.second === b)!;
  it('Sonnet vs Haiku, thinking off: +6.9, unpaired +3.9 to +10.0, paired +5.0 to +8.9, ρ 0.60, McNemar 4.4e-12 (107 vs 28), t 6.94', () => {
    const p = byName('sonnet_off', 'haiku_off');
    expect(pts(p.difference)).toBe('6.9');
    expect([pts(p.unpaired.lower), pts(p.unpaired.upper)]).toEqual(['3.9', '10.0']);
    expect([pts(p.pairedZ.lower), pts(p.pairedZ.upper)]).toEqual(['5.0', '8.9']);
    expect([pts(p.pairedT.lower), pts(p.pairedT.upper)]).toEqual(['5.0', '8.9']);
    expect(pts(p.pairedT.se)).toBe('1.0');
    expect(p.correlation!.toFixed(2)).toBe('0.60');
    expect([p.mcnemar!.n10, p.mcnemar!.n01]).toEqual([107, 28]);
    expect(p.mcnemar!.exactPValue.toExponential(1)).toBe('4.4e-12');
    expect(p.pairedT.statistic.toFixed(2)).toBe('6.94');
  });
  it('Haiku-low vs Sonnet-off: paired −5.2 to −0.9 (the paired t interval, t₁₁₃₉), McNemar p = 0.006 (94 vs 59)', () => {
    const p = byName('sonnet_off', 'haiku_low');
    // The seed's −0.9 is the t interval's −0.948; the z interval's upper end is −0.950 ("−1.0").
    expect([pts(p.pairedT.lower), pts(p.pairedT.upper)]).toEqual(['-5.2', '-0.9']);
    expect([pts(p.pairedZ.lower), pts(p.pairedZ.upper)]).toEqual(['-5.2', '-1.0']);
    expect([p.mcnemar!.n01, p.mcnemar!.n10]).toEqual([94, 59]);
    expect(p.mcnemar!.exactPValue.toFixed(3)).toBe('0.006');
  });
  it('clustered by subject −7.0 to +0.9 is Miller’s eq. 4 with z (--paired-interval clusteredMiller); CR1 t(56) is wider', () => {
    const miller = analyzeEval(matrix, { ...NO_HBB, epoch: 1, pairedInterval: 'clusteredMiller' });
    const p = miller.pairs.find((r) => r.first === 'sonnet_off' && r.second === 'haiku_low')!;
    expect([pts(p.interval.lower), pts(p.interval.upper)]).toEqual(['-7.0', '0.9']);
    const d = byName('sonnet_off', 'haiku_low');
    // The headline rule: CR2 with Bell–McCaffrey df (CR1 t(56) is −7.1 to +1.0).
    expect(first.options.pairedInterval).toBe('clusteredCr2');
    expect([pts(d.clustered!.cr1.lower), pts(d.clustered!.cr1.upper)]).toEqual(['-7.1', '1.0']);
    expect(d.interval).toMatchObject({ lower: d.clustered!.cr2.lower, upper: d.clustered!.cr2.upper });
    expect(d.clustered!.cr1.df).toBe(56);
  });
  it('a 2×2 paired interval without --epoch on a several-epoch eval says it uses epoch 1', () => {
    const a = analyzeEval(matrix, { ...NO_HBB, pairedInterval: 'tango' });
    expect(a.warnings.at(-1)).toMatch(/^--paired-interval tango is computed on the 0\/1 answers of epoch 1/);
    expect(analyzeEval(matrix, { ...NO_HBB, pairedInterval: 'tango', epoch: 1 }).warnings).toEqual([]);
  });
  it('Haiku first run 79.7% with ICC and design effect; five epochs give the variance split', () => {
    const h = first.systems[0];
    expect(pts(h.score)).toBe('79.7');
    expect(h.clustered!.clusters).toBe(57);
    expect(h.clustered!.designEffect!).toBeGreaterThan(2);
    const means = analyzeEval(matrix, NO_HBB);
    const split = means.systems[0].varianceSplit!;
    // Seed 000's table: Var(x) 0.149, E[σ²] 0.010 (the stand-in reproduces it to 3 decimals).
    expect(split.between.toFixed(3)).toBe('0.149');
    expect(split.within.toFixed(3)).toBe('0.010');
    expect(split.seByEpochs.map((e) => e.epochs)).toEqual([1, 2, 5, 10]);
    expect(means.basis.answers).toBe('epoch 1');
  });
});

describe('bad input and graded scores', () => {
  const m = matrixFromCounts(5, 2, 1, 2);
  it('names the option and the allowed values', () => {
    expect(() => analyzeEval(m, { baseline: 'C' })).toThrow(
      /--baseline "C" is not a system of the eval; systems: A, B/,
    );
    expect(() => analyzeEval(m, { epoch: 2 })).toThrow(/--epoch 2: the eval's epochs run 1 to 1/);
    expect(() => analyzeEval(m, { epoch: 0 })).toThrow(/epoch: must be a whole number ≥ 1/);
    expect(() => analyzeEval(m, { pairedInterval: 'clustered' })).toThrow(/no clusters/);
    expect(() => analyzeEval(m, { pairedInterval: 'wilson' as never })).toThrow(/not one of clustered, /);
    expect(() => analyzeEval(m, { level: 1 })).toThrow(/^level: must be a number strictly between 0 and 1/);
  });
  it('graded scores: 0/1-only methods are refused when asked for, skipped with a reason otherwise', () => {
    const g = { ...m, binary: false, scores: m.scores.map((x, i) => (i === 0 ? 0.5 : x)) };
    expect(() => analyzeEval(g, { pairedInterval: 'tango' })).toThrow(
      /--paired-interval tango needs 0\/1 scores; metric correct has graded scores/,
    );
    expect(() => analyzeEval(g, { test: 'mcnemar' })).toThrow(/--test mcnemar needs 0\/1 scores/);
    const a = analyzeEval(g);
    expect(a.pairs[0].mcnemar).toBeNull();
    expect(a.pairs[0].test.method).toBe('pairedT');
    expect(a.pairs[0].skipped[0]).toEqual({
      method: 'mcnemar, paired 2×2 intervals',
      reason: 'the scores are graded (not all 0/1; metric correct)',
    });
    expect(a.systems[0].binary).toBeNull();
  });
  it('with clusters the headline is CR2 with its df and the test is its t-test; CR2 df equals K − 1 for equal sizes', () => {
    const clusters = Int32Array.from({ length: 10 }, (_, i) => i % 5);
    const a = analyzeEval(matrixFromCounts(5, 2, 1, 2, ['A', 'B'], clusters));
    const p = a.pairs[0];
    expect(a.options.pairedInterval).toBe('clusteredCr2');
    expect(p.clustered!.cr1.df).toBe(4);
    expect(p.clustered!.cr2.df).toBeCloseTo(4, 12);
    expect(p.test).toEqual({ method: 'clustered', pValue: p.clustered!.cr2.pValue });
    // A system's 0/1 accuracy in clusters: Korn–Graubard Wilson.
    expect(a.systems[0].headline.method).toBe('kornGraubardWilson');
    // Five clusters: the few-clusters warning.
    expect(a.warnings.some((w) => /^only 5 clusters: no clustered interval/.test(w))).toBe(true);
  });
});

describe('a clustered SE of 0 is no information, not certainty', () => {
  it('two clusters with equal mean differences: clustered skipped with a reason, the paired t and its test used', () => {
    // Per cluster: 3 questions, one only A right, one only B right ... plus one only B right: d̄ equal in both.
    const m = matrixFromCounts(0, 2, 4, 0, ['A', 'B'], Int32Array.from([0, 1, 0, 0, 1, 1]));
    const a = analyzeEval(m);
    const p = a.pairs[0];
    expect(p.clustered).toBeNull();
    expect(p.interval.method).toBe('pairedT');
    expect(p.interval.fallback).toMatch(/clustered SE is 0/);
    expect(p.test.method).toBe('pairedT');
    expect(p.agreement.agrees).toBe(true);
    expect(p.skipped[0].reason).toMatch(/^the clustered SE is 0 although the differences vary/);
    expect(a.systems[0].clustered).toBeNull();
  });
});

describe('the fused per-pair pass', () => {
  it('ρ equals core scoreCorrelation and the paired SE equals core pairedDifference (MMLU stand-in, epoch means)', async () => {
    const { scoreCorrelation, pairedDifference } = await import('@evalsim/core');
    const csv = fileURLToPath(new URL('../../../../studies/data/mmlu-standin.csv', import.meta.url));
    const matrix = evalMatrix(importEval([csv]).table);
    const a = analyzeEval(matrix, NO_HBB);
    const Q = matrix.questions.length;
    const E = matrix.epochs;
    const means = matrix.systems.map((_, s) =>
      Float64Array.from({ length: Q }, (_, q) => {
        let sum = 0;
        let k = 0;
        for (let e = 0; e < E; e++) {
          const x = matrix.scores[(s * Q + q) * E + e];
          if (!Number.isNaN(x)) {
            sum += x;
            k++;
          }
        }
        return sum / k;
      }),
    );
    for (const p of a.pairs) {
      const x = means[matrix.systems.indexOf(p.first)];
      const y = means[matrix.systems.indexOf(p.second)];
      expect(rel(p.correlation!, scoreCorrelation(x, y))).toBeLessThan(1e-12);
      expect(rel(p.pairedZ.se, pairedDifference(x, y).se)).toBeLessThan(1e-12);
    }
  });
});

describe('epochs and power across pairs', () => {
  it('graded scores with 2 epochs get the variance split: Var(x) and E[σ²] from the answers', () => {
    // 3 questions × 2 epochs, one system pair; system A's answers (0.5, 1), (0, 0), (1, 0.5).
    const Q = 3;
    const scores = Float64Array.from([0.5, 1, 0, 0, 1, 0.5, 1, 1, 0, 0.5, 1, 1]);
    const m: EvalMatrix = {
      ...matrixFromCounts(1, 1, 1, 0),
      questions: ['q1', 'q2', 'q3'],
      epochs: 2,
      scores,
      epochCounts: new Int32Array(2 * Q).fill(2),
      binary: false,
    };
    const v = analyzeEval(m).systems[0].varianceSplit!;
    // means 0.75, 0, 0.75: S² = 0.1875; s²_i = 0.125, 0, 0.125: E[σ²] = 1/12; Var(x) = 0.1875 − (1/12)/2.
    expect(rel(v.within, 1 / 12)).toBeLessThan(1e-12);
    expect(rel(v.between, 0.1875 - 1 / 24)).toBeLessThan(1e-12);
  });
  it("the eval-level MDE at Holm's first threshold is the MDE × multiplicityMdeFactor(m) (seed 000 Step 5)", async () => {
    const { multiplicityMdeFactor } = await import('@evalsim/core');
    const csv = fileURLToPath(new URL('../../../../studies/data/mmlu-standin.csv', import.meta.url));
    const a = analyzeEval(evalMatrix(importEval([csv]).table), NO_HBB);
    expect(rel(a.power!.mdeCorrected / a.power!.mde, multiplicityMdeFactor(3))).toBeLessThan(1e-12);
    expect(multiplicityMdeFactor(190).toFixed(2)).toBe('1.60');
  });
});

describe("seed 000 Step 4: Miller's paired sample size with epochs, Haiku-low vs Sonnet-off", () => {
  it('δ = 3.0 points over all answers, ω² = 0.116, σ² = 0.013 and 0.004; n ≈ 1,165 / 1,041 / 1,010 at K = 1 / 5 / ∞', () => {
    const csv = fileURLToPath(new URL('../../../../studies/data/mmlu-standin.csv', import.meta.url));
    const a = analyzeEval(evalMatrix(importEval([csv]).table), NO_HBB);
    const p = a.pairs.find((r) => r.first === 'sonnet_off' && r.second === 'haiku_low')!;
    const e = p.epochPower!;
    expect(pts(e.gap)).toBe('-3.0');
    expect(e.omega2.toFixed(3)).toBe('0.116');
    expect([e.sigmaFirst2.toFixed(3), e.sigmaSecond2.toFixed(3)]).toEqual(['0.004', '0.013']);
    // numpy on the same answers (ddof = 1 throughout): n = 1166.58, 1042.35, 1011.29. The seed's
    // "≈ 1,165 / 1,041 / 1,010" are 0.1–0.2% lower (it printed rounded intermediate values).
    const n = (K: number) => e.byEpochs.find((b) => b.epochs === K)!.questionsForGap;
    expect([n(1), n(5), n(Number.POSITIVE_INFINITY)]).toEqual([1167, 1043, 1012]);
    for (const [got, seed] of [
      [n(1)!, 1165],
      [n(5)!, 1041],
      [n(Number.POSITIVE_INFINITY)!, 1010],
    ]) {
      expect(Math.abs(got - seed) / seed).toBeLessThan(0.003);
    }
  });
});

describe('systems that score every question alike', () => {
  it('no NaN, no false "clustered SE is 0" reason: ICC skipped, clustered kept as the degenerate 0', () => {
    const clusters = Int32Array.from({ length: 6 }, (_, i) => i % 3);
    const a = analyzeEval(matrixFromCounts(6, 0, 0, 0, ['A', 'B'], clusters));
    const s = a.systems[0];
    expect(s.clustered!.icc).toBeNull();
    expect(s.skipped.map((k) => k.reason)).toContain('every question has the same score');
    const p = a.pairs[0];
    expect(p.difference).toBe(0);
    expect(p.test.pValue).toBe(1);
    expect(p.power).toBeNull();
    const nan: string[] = [];
    const walk = (v: unknown, path: string): void => {
      if (typeof v === 'number' && Number.isNaN(v)) nan.push(path);
      else if (v && typeof v === 'object' && !ArrayBuffer.isView(v))
        for (const [k, w] of Object.entries(v)) walk(w, `${path}.${k}`);
    };
    walk(a, 'analysis');
    expect(nan).toEqual([]);
  });
});

describe('many systems (issue 27 point 5)', () => {
  it(`beyond ${200} systems every pair needs allPairs; a baseline does not`, async () => {
    const { MAX_ALL_PAIRS } = await import('./analyzeEval.js');
    expect(MAX_ALL_PAIRS).toBe(19900);
    const S = 201;
    const Q = 4;
    const m: EvalMatrix = {
      ...matrixFromCounts(1, 1, 1, 1),
      systems: Array.from({ length: S }, (_, s) => `s${s}`),
      scores: Float64Array.from({ length: S * Q }, (_, i) => ((i * 7) % 3 === 0 ? 1 : 0)),
      epochCounts: new Int32Array(S * Q).fill(1),
    };
    expect(() => analyzeEval(m)).toThrow(
      /^201 systems make 20,100 pairs; beyond 19,900 pairs \(200 systems\) comparing every pair needs --all-pairs/,
    );
    expect(analyzeEval(m, { baseline: 's0' }).pairs).toHaveLength(200);
    expect(analyzeEval(m, { allPairs: true }).pairs).toHaveLength(20100);
  });
});
