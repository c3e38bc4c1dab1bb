/**
 * The micro, macro and user-weighted averages of analyze (issue 26 point 9): each with its
 * clustered SE, for systems and for the paired differences; weights files parsed and checked.
 */
import { weightedClusteredMean } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import { matrixFromCounts } from '../test-utils/matrixFromCounts.js';
import { analyzeEval } from './analyzeEval.js';
import { parseScoreWeights } from './scoreWeights.js';

// 20 questions in clusters of unequal sizes 2, 8, 10: macro ≠ micro.
const clusters = Int32Array.from({ length: 20 }, (_, i) => (i < 2 ? 0 : i < 10 ? 1 : 2));
const m = matrixFromCounts(8, 5, 3, 4, ['A', 'B'], clusters);
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

describe('averages', () => {
  const a = analyzeEval(m, { hbb: 'off' });
  it('micro is the score with the CR1 SE; macro is the mean of the cluster means with s(means)/√K', () => {
    const s = a.systems[0];
    const x = Float64Array.from({ length: 20 }, (_, q) => m.scores[q]);
    expect(s.averages.micro.estimate).toBeCloseTo(s.score, 14);
    expect(rel(s.averages.micro.se, s.clustered!.cr1.se)).toBeLessThan(1e-12);
    const means = [0, 1, 2].map((c) => {
      const idx = [...clusters.keys()].filter((q) => clusters[q] === c);
      return idx.reduce((t, q) => t + x[q], 0) / idx.length;
    });
    const mm = means.reduce((t, v) => t + v, 0) / 3;
    const s2 = means.reduce((t, v) => t + (v - mm) ** 2, 0) / 2;
    expect(rel(s.averages.macro!.estimate, mm)).toBeLessThan(1e-12);
    expect(rel(s.averages.macro!.se, Math.sqrt(s2 / 3))).toBeLessThan(1e-12);
    expect(s.averages.macro!.df).toBe(2);
    expect(s.averages.macro!.estimate).not.toBeCloseTo(s.score, 3);
    expect(s.averages.weighted).toBeNull();
  });
  it('the paired differences have the same three averages, with their t tests', () => {
    const p = a.pairs[0];
    expect(p.averages.micro.estimate).toBeCloseTo(p.difference, 14);
    expect(rel(p.averages.micro.se, p.clustered!.cr1.se)).toBeLessThan(1e-12);
    expect(rel(p.averages.micro.pValue!, p.clustered!.cr1.pValue)).toBeLessThan(1e-9);
    const macroA = a.systems.find((s) => s.system === p.first)!.averages.macro!.estimate;
    const macroB = a.systems.find((s) => s.system === p.second)!.averages.macro!.estimate;
    expect(p.averages.macro!.estimate).toBeCloseTo(macroA - macroB, 14);
  });
  it('without clusters: no macro, and micro has the naive SE', () => {
    const u = analyzeEval(matrixFromCounts(8, 5, 3, 4));
    expect(u.systems[0].averages.macro).toBeNull();
    expect(rel(u.systems[0].averages.micro.se, u.systems[0].naive.se)).toBeLessThan(1e-12);
  });
});

describe('weights', () => {
  it('per cluster: Σ_c w_c · mean_c / Σ w_c; per question: the weighted mean, SEs from weightedClusteredMean', () => {
    const byCluster = parseScoreWeights('cluster,weight\nc0,1\nc1,2\nc2,0.5\n', 'w.csv');
    const a = analyzeEval(m, { hbb: 'off', weights: byCluster });
    const s = a.systems[0];
    const x = Float64Array.from({ length: 20 }, (_, q) => m.scores[q]);
    const sizes = [2, 8, 10];
    const wc = [1, 2, 0.5];
    const w = Float64Array.from(clusters, (c) => wc[c] / sizes[c]);
    const ref = weightedClusteredMean(x, w, clusters, 3);
    expect(rel(s.averages.weighted!.estimate, ref.estimate)).toBeLessThan(1e-12);
    expect(rel(s.averages.weighted!.se, ref.se)).toBeLessThan(1e-12);
    expect(a.options.weights).toBe('w.csv');
    const byQuestion = parseScoreWeights(
      `question,weight\n${m.questions.map((q, i) => `${q},${i % 2 ? 1 : 3}`).join('\n')}\n`,
      'q.csv',
    );
    const b = analyzeEval(m, { hbb: 'off', weights: byQuestion });
    const wq = Float64Array.from(m.questions, (_, i) => (i % 2 ? 1 : 3));
    expect(
      rel(b.systems[0].averages.weighted!.estimate, weightedClusteredMean(x, wq, clusters, 3).estimate),
    ).toBeLessThan(1e-12);
  });
  it('refuses a bad file, an unknown name (with the closest) and a missing weight, naming them', () => {
    expect(() => parseScoreWeights('subject,weight\na,1\n', 'w.csv')).toThrow(
      /^w\.csv, line 1: the header must be "cluster,weight" or "question,weight"/,
    );
    expect(() => parseScoreWeights('cluster,weight\na,-1\n', 'w.csv')).toThrow(
      /^w\.csv, line 2: weight must be a number ≥ 0, got "-1"/,
    );
    expect(() => parseScoreWeights('cluster,weight\na,1\na,2\n', 'w.csv')).toThrow(
      /line 3: cluster "a" is given twice/,
    );
    const typo = parseScoreWeights('cluster,weight\nc0,1\nc1,1\nc3,1\n', 'w.csv');
    expect(() => analyzeEval(m, { weights: typo })).toThrow(
      /--weights w\.csv: cluster "c3" is not in the eval; closest: c0, c1, c2/,
    );
    const missing = parseScoreWeights('cluster,weight\nc0,1\nc1,1\n', 'w.csv');
    expect(() => analyzeEval(m, { weights: missing })).toThrow(/no weight for cluster "c2"/);
    expect(() => analyzeEval(matrixFromCounts(2, 1, 1, 1), { weights: missing })).toThrow(
      /the eval has no clusters/,
    );
  });

  it('two clusters with the same mean difference: SE 0 (not round-off), no p-value, marked degenerate', () => {
    // A right on q0, q1; B on q0–q3; clusters {q0, q2, q4} and {q1, q3, q5}: in each, A 1/3, B 2/3.
    const equal = matrixFromCounts(2, 0, 2, 2, ['A', 'B'], Int32Array.from([0, 1, 0, 1, 0, 1]));
    const pair = analyzeEval(equal, { hbb: 'off' }).pairs[0];
    for (const kind of ['micro', 'macro'] as const) {
      const avg = pair.averages[kind]!;
      expect(Math.abs(Math.abs(avg.estimate) - 1 / 3)).toBeLessThan(1e-12);
      expect(avg.se).toBe(0);
      expect(avg.degenerate).toBe(true);
      expect(avg.pValue).toBeNull();
      expect(avg.lower).toBe(avg.upper);
    }
    // A real spread keeps its test.
    const spread = analyzeEval(m, { hbb: 'off' }).pairs[0].averages.micro;
    expect(spread.degenerate).toBe(false);
    expect(spread.pValue).toBeGreaterThan(0);
  });
});
