/**
 * The judgedAnswers model: its draws against the rates it is given (Monte Carlo checks with their
 * MC error stated), the slice (random and shared, or the shortest answers), clusters, a pair with
 * self-preference, and its parameter checks; the judge-correction methods equal core's functions
 * on the same replication, and PPI's coverage is nominal within MC error.
 */
import { judgedDifference, judgedInterval } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import type { CellParams } from '../base/cellParams.js';
import type { JudgedScores } from '../base/dataKinds.js';
import { createMethodResult } from '../base/methodResult.js';
import { ppiInterval, ppiPlusPlusInterval, roganGladenInterval } from '../methods/judgedIntervals.js';
import { SeededStream } from '../rng/SeededStream.js';
import { judgedAnswers } from './judgedAnswers.js';

const ctx = { baseDir: '.' };
const parse = (params: CellParams) => judgedAnswers.parse(params, ctx);

function draw(params: CellParams, seed = 1) {
  const p = parse(params);
  const data = judgedAnswers.allocate(p) as JudgedScores;
  const rng = new SeededStream(seed);
  return { p, data, next: () => judgedAnswers.generate(p, rng, data) };
}

describe('judgedAnswers', () => {
  it('draws correctness at the given accuracy and verdicts at the given sensitivity and specificity', () => {
    // 40,000 rows: each rate's MC SE is at most √(0.25/40,000·…) ≈ 0.003; checked at 4 SE.
    const { data, next } = draw({
      unlabelled: 39_000,
      labels: 1000,
      accuracy: 0.7,
      sensitivity: 0.8,
      specificity: 0.6,
    });
    next();
    const judge = data.judge[0];
    const out = new Float64Array(2);
    judgedAnswers.diagnostics!.measure(data, out);
    expect(out[0]).toBeGreaterThan(0.8 - 4 * Math.sqrt((0.8 * 0.2) / 28_000));
    expect(out[0]).toBeLessThan(0.8 + 4 * Math.sqrt((0.8 * 0.2) / 28_000));
    expect(Math.abs(out[1] - 0.6)).toBeLessThan(4 * Math.sqrt((0.6 * 0.4) / 12_000));
    let pass = 0;
    for (const f of judge) pass += f;
    const expected = 0.7 * 0.8 + 0.3 * 0.4;
    expect(Math.abs(pass / 40_000 - expected)).toBeLessThan(
      4 * Math.sqrt((expected * (1 - expected)) / 40_000),
    );
    // labels: exactly n rows, the true correctness there
    const label = data.label[0];
    let n = 0;
    let right = 0;
    for (const y of label) {
      if (Number.isNaN(y)) continue;
      n++;
      right += y;
    }
    expect(n).toBe(1000);
    expect(Math.abs(right / 1000 - 0.7)).toBeLessThan(4 * Math.sqrt(0.21 / 1000));
  });

  it('a pair: one shared slice, the judge lenient on the first (self-preference), truth = the difference', () => {
    const { p, data, next } = draw({
      unlabelled: 20_000,
      labels: 500,
      accuracy: 0.72,
      accuracySecond: 0.68,
      sensitivity: 0.95,
      specificity: 0.6,
      sensitivitySecond: 0.85,
      specificitySecond: 0.9,
    });
    expect(judgedAnswers.truth(p)).toBeCloseTo(0.04, 15);
    next();
    for (let i = 0; i < data.rows; i++)
      expect(Number.isNaN(data.label[0][i])).toBe(Number.isNaN(data.label[1][i]));
    let a = 0;
    let b = 0;
    for (let i = 0; i < data.rows; i++) {
      a += data.judge[0][i];
      b += data.judge[1][i];
    }
    // E[f_A] = 0.72·0.95 + 0.28·0.4 = 0.796, E[f_B] = 0.68·0.85 + 0.32·0.1 = 0.61: the judge's gap 18.6 points
    expect(Math.abs(a / data.rows - 0.796)).toBeLessThan(0.012);
    expect(Math.abs(b / data.rows - 0.61)).toBeLessThan(0.014);
  });

  it('answer length shifts the judge (the marginal rates move); the shortest-answer slice is not random', () => {
    const { data, next } = draw({
      unlabelled: 19_000,
      labels: 1000,
      sensitivity: 0.8,
      specificity: 0.8,
      lengthEffect: 1.5,
      labelSelection: 'shortest',
    });
    next();
    const out = new Float64Array(2);
    judgedAnswers.diagnostics!.measure(data, out);
    // E[expit(logit(0.8) + 1.5 Z)] ≈ 0.74 < 0.8: long answers pass more, short ones less
    expect(out[0]).toBeLessThan(0.77);
    let fL = 0;
    let fU = 0;
    for (let i = 0; i < data.rows; i++) {
      if (Number.isNaN(data.label[0][i])) fU += data.judge[0][i];
      else fL += data.judge[0][i];
    }
    expect(fL / 1000).toBeLessThan(fU / 19_000 - 0.2);
  });

  it('clusters of clusterSize questions, in order', () => {
    const { data } = draw({ unlabelled: 95, labels: 5, clusterSize: 10, clusterSd: 1 });
    expect(data.clusterCount).toBe(10);
    expect(Array.from(data.cluster!.subarray(8, 12))).toEqual([0, 0, 1, 1]);
    expect(draw({ unlabelled: 95, labels: 5 }).data.cluster).toBeNull();
  });

  it('refuses a second system’s rates without a second system, and too many rows', () => {
    expect(() => parse({ unlabelled: 10, labels: 5, sensitivitySecond: 0.9 })).toThrow(
      /sensitivitySecond.*accuracySecond/,
    );
    expect(() => parse({ unlabelled: 9_999_999, labels: 10 })).toThrow(/labels/);
    expect(() => parse({ unlabelled: 10 })).toThrow(/labels/);
    expect(() => parse({ labels: 10 })).toThrow(/unlabelled: is required \(or give rows/);
    expect(() => parse({ labels: 10, rows: 30, unlabelled: 5 })).toThrow(
      /rows: absent when unlabelled is given/,
    );
    expect(() => parse({ labels: 30, rows: 30 })).toThrow(/labels.*less than rows/);
    expect(parse({ labels: 10, rows: 30 }).unlabelled).toBe(20);
  });
});

describe('the judge-correction methods on judgedScores', () => {
  it('equal core’s intervals on the same replication (one system, and the pair’s difference)', () => {
    const one = draw({ unlabelled: 800, labels: 120, clusterSize: 4, clusterSd: 0.5 }, 7);
    one.next();
    const out = createMethodResult();
    const sample = {
      judge: one.data.judge[0],
      label: one.data.label[0],
      cluster: one.data.cluster!,
      clusterCount: one.data.clusterCount,
    };
    const rng = new SeededStream(0);
    for (const [method, core] of [
      [ppiPlusPlusInterval.create({}, { level: 0.9 }), judgedInterval(sample, 'ppiPlusPlus', 0.9)],
      [roganGladenInterval.create({}, { level: 0.9 }), judgedInterval(sample, 'lee', 0.9)],
      [
        roganGladenInterval.create({ interval: 'delta' }, { level: 0.9 }),
        judgedInterval(sample, 'roganGladen', 0.9),
      ],
    ] as const) {
      method(one.data, rng, out);
      expect([out.estimate, out.lower, out.upper]).toEqual([core.estimate, core.lower, core.upper]);
    }
    const two = draw({ unlabelled: 600, labels: 90, accuracySecond: 0.6 }, 8);
    two.next();
    const [a, b] = [0, 1].map((s) => ({ judge: two.data.judge[s], label: two.data.label[s] }));
    ppiInterval.create({}, { level: 0.95 })(two.data, rng, out);
    const d = judgedDifference(a, b, 'ppi');
    expect([out.estimate, out.lower, out.upper]).toEqual([d.estimate, d.lower, d.upper]);
    roganGladenInterval.create({}, { level: 0.95 })(two.data, rng, out);
    expect([Number.isNaN(out.lower), out.degenerate]).toEqual([true, true]);
  });

  it('PPI covers the true accuracy at its level (400 replications: MC SE 1.1 points, checked at 3.5 SE)', () => {
    const { p, data, next } = draw(
      { unlabelled: 600, labels: 150, accuracy: 0.7, sensitivity: 0.85, specificity: 0.75 },
      11,
    );
    const analyse = ppiInterval.create({}, { level: 0.95 });
    const out = createMethodResult();
    const rng = new SeededStream(0);
    let covered = 0;
    for (let r = 0; r < 400; r++) {
      next();
      analyse(data, rng, out);
      if (out.lower <= judgedAnswers.truth(p) && judgedAnswers.truth(p) <= out.upper) covered++;
    }
    expect(Math.abs(covered / 400 - 0.95)).toBeLessThan(3.5 * Math.sqrt((0.95 * 0.05) / 400));
  });
});
