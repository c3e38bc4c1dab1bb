/**
 * The headline rule (headlineRule.ts): one recommended interval per system and pair, named,
 * whose test agrees with it; intervals outside the possible range or of zero width are marked.
 * The audit half of the rule (coverage at the common structures) is headlineAudit.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { matrixFromCounts } from '../test-utils/matrixFromCounts.js';
import { analyzeEval } from './analyzeEval.js';
import { HEADLINE_RULE_TABLE, headlineRule, testOfInterval } from './headlineRule.js';

describe('the rule', () => {
  it('picks by structure and score type, and each pair interval has its own test', () => {
    expect(headlineRule({ questions: 1000, clusters: 25, binaryScores: false })).toMatchObject({
      system: 'clusteredCr2',
      pair: 'clusteredCr2',
      test: 'clustered',
    });
    expect(headlineRule({ questions: 40, clusters: 0, binaryScores: true })).toMatchObject({
      system: 'wilson',
      pair: 'tango',
      test: 'mcnemarScore',
    });
    // Below 40 questions Jeffreys (Wilson over-covers on small lattices).
    expect(headlineRule({ questions: 39, clusters: 0, binaryScores: true }).system).toBe('jeffreys');
    expect(headlineRule({ questions: 1000, clusters: 0, binaryScores: false })).toMatchObject({
      system: 'naiveT',
      pair: 'pairedT',
      test: 'pairedT',
    });
    for (const c of [
      { questions: 1000, clusters: 25, binaryScores: false },
      { questions: 1000, clusters: 0, binaryScores: true },
      { questions: 20, clusters: 0, binaryScores: true },
      { questions: 1000, clusters: 0, binaryScores: false },
    ]) {
      const r = headlineRule(c);
      expect(testOfInterval(r.pair)).toBe(r.test);
    }
    expect(headlineRule({ questions: 1000, clusters: 25, binaryScores: true }).system).toBe(
      'kornGraubardWilson',
    );
    expect(HEADLINE_RULE_TABLE).toHaveLength(5);
  });
});

describe("issue 26's two small 0/1 logs without clusters (b = 2, c = 0)", () => {
  // A right on all 3 questions, B on 1: 3/3 and 1/3; b = 2 (only A right), c = 0.
  const a = analyzeEval(matrixFromCounts(1, 2, 0, 0));
  const pair = a.pairs[0];
  it('the headline interval (Tango) and its test (McNemar χ²) agree: neither separates them', () => {
    expect(pair.interval.method).toBe('tango');
    expect(pair.test.method).toBe('mcnemarScore');
    // χ² = (0 − 2)²/2 = 2, p = 0.157 ≥ α; Tango includes 0.
    expect(pair.test.pValue).toBeGreaterThan(0.05);
    expect(pair.interval.lower).toBeLessThan(0);
    expect(pair.interval.upper).toBeGreaterThan(0);
    expect(pair.agreement).toEqual({ agrees: true, note: null });
    expect(pair.separated).toBe(false);
  });
  it('the paired z interval the old default showed reaches beyond −1 and is not the headline', () => {
    // d̄ = −2/3, s_d = 0.577, SE = 1/3: [−1.32, −0.01] excludes 0 while the exact test gives 0.5.
    expect(pair.pairedZ.lower).toBeLessThan(-1);
    expect(pair.pairedZ.upper).toBeLessThan(0);
    expect(pair.mcnemar!.exactPValue).toBe(0.5);
  });
  it('a user-chosen interval that its test does not invert: the disagreement is stated', () => {
    const z = analyzeEval(matrixFromCounts(1, 2, 0, 0), { pairedInterval: 'pairedZ', test: 'mcnemar' });
    const p = z.pairs[0];
    expect(p.agreement.agrees).toBe(false);
    expect(p.agreement.note).toMatch(
      /^the pairedZ interval excludes 0 but McNemar's exact test gives p = 0\.5 \(≥ α = 0\.05\): McNemar's exact test is not the test of the pairedZ interval/,
    );
    expect(p.interval.marks).toEqual(['lower < -1']);
    // The default test of pairedZ is its own z test: they agree.
    expect(
      analyzeEval(matrixFromCounts(1, 2, 0, 0), { pairedInterval: 'pairedZ' }).pairs[0].agreement.agrees,
    ).toBe(true);
  });
  it('3/3: Jeffreys (3 questions) is the headline, unmarked; a warning says 3 questions is too few; α is echoed as 0.05', () => {
    const s = a.systems[0];
    expect(s.headline.method).toBe('jeffreys');
    expect(s.headline.upper).toBe(1);
    expect(a.warnings[0]).toMatch(
      /^only 3 questions: no interval keeps its level reliably with fewer than 15/,
    );
    expect(s.headline.marks).toEqual([]);
    expect(s.naive.lower).toBe(1); // the zero-width naive interval, marked wherever it is shown
    expect(a.options.alpha).toBe(0.05);
    expect(JSON.stringify(a.options)).toContain('"alpha":0.05,');
  });
});

describe('several epochs: the headline uses epoch means throughout', () => {
  it('0/1 answers, 2 epochs, no clusters: the t interval and the paired t, not Wilson and McNemar on epoch 1', () => {
    const base = matrixFromCounts(30, 10, 5, 15);
    const Q = base.questions.length;
    const scores = new Float64Array(2 * Q * 2);
    for (let s = 0; s < 2; s++)
      for (let q = 0; q < Q; q++) {
        scores[(s * Q + q) * 2] = base.scores[s * Q + q];
        scores[(s * Q + q) * 2 + 1] = (q + s) % 3 === 0 ? 1 - base.scores[s * Q + q] : base.scores[s * Q + q];
      }
    const m = { ...base, epochs: 2, scores, epochCounts: new Int32Array(2 * Q).fill(2) };
    const a = analyzeEval(m);
    expect(a.systems[0].headline.method).toBe('naiveT');
    expect(a.pairs[0].interval.method).toBe('pairedT');
    expect(a.pairs[0].test).toEqual({ method: 'pairedT', pValue: a.pairs[0].pairedT.pValue });
    // --epoch 1: one answer per question, 0/1 again.
    expect(analyzeEval(m, { epoch: 1 }).pairs[0].interval.method).toBe('tango');
  });
});
