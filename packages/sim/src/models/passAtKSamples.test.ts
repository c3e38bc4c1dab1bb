/**
 * Model passAtKSamples: the design parser's errors, the truths (core's closed forms and the
 * two-level integral), and unbiasedness of the per-question estimates — the replication mean
 * of ĝ equals the truth within 4 Monte Carlo SEs — for Beta difficulty, clustered Beta
 * difficulty and an eval's own pass rates (whose truth is the population mean of 1 − (1 − p_i)^k).
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { betaPassAtK, betaPassHatK, nestedBetaPassAtK } from '@evalsim/core';
import { describe, expect, it } from 'vitest';
import type { CellParams } from '../base/cellParams.js';
import type { MultiSampleCounts } from '../base/dataKinds.js';
import { createPassAtKValues, fillPassAtKValues } from '../base/passAtKValues.js';
import { SeededStream } from '../rng/SeededStream.js';
import { passAtKSamples } from './passAtKSamples.js';
import { parsePassAtKDesign } from './support/passAtKDesign.js';

const ctx = { baseDir: tmpdir() };

function meanCheck(params: CellParams, replications: number): { mean: number; mcse: number; truth: number } {
  const parsed = passAtKSamples.parse(params, ctx);
  const data = passAtKSamples.allocate(parsed) as MultiSampleCounts;
  const rng = new SeededStream(29);
  const w = createPassAtKValues();
  let s = 0;
  let s2 = 0;
  for (let r = 0; r < replications; r++) {
    rng.reseed(29, r);
    passAtKSamples.generate(parsed, rng, data);
    const m = fillPassAtKValues(data, w);
    s += m;
    s2 += m * m;
  }
  const mean = s / replications;
  const sd = Math.sqrt((s2 - replications * mean * mean) / (replications - 1));
  return { mean, mcse: sd / Math.sqrt(replications), truth: passAtKSamples.truth(parsed) };
}

describe('passAtKSamples', () => {
  it('parses designs and refuses what has no meaning', () => {
    expect(parsePassAtKDesign('n=16, pass@5')).toEqual({
      questions: undefined,
      samples: 16,
      k: 5,
      estimand: 'passAtK',
    });
    expect(parsePassAtKDesign('Q=30,n=64,pass^10')).toEqual({
      questions: 30,
      samples: 64,
      k: 10,
      estimand: 'passHatK',
    });
    expect(() => parsePassAtKDesign('n=4, pass@5')).toThrow(/pass@5 needs n ≥ 5 samples/);
    expect(() => parsePassAtKDesign('pass@5')).toThrow(/needs n=… and pass@k or pass\^k/);
    expect(() => parsePassAtKDesign('n=4, k=2')).toThrow(/design: got "n=4, k=2"/);
    expect(() =>
      passAtKSamples.parse({ design: 'Q=30, n=4, pass@1', questions: 30, a: 1, b: 1 }, ctx),
    ).toThrow(/questions: got 30; allowed: absent when the design gives Q=…/);
    expect(() => passAtKSamples.parse({ design: 'n=4, pass@1', questions: 30, a: 1 }, ctx)).toThrow(/^b: /);
  });
  it('truth: the closed forms, the two-level integral, and clusterIcc 0 = independent questions', () => {
    const t = (p: CellParams) => passAtKSamples.truth(passAtKSamples.parse(p, ctx));
    expect(t({ design: 'n=16, pass@5', questions: 30, a: 0.4, b: 0.6 })).toBe(betaPassAtK(0.4, 0.6, 5));
    expect(t({ design: 'n=16, pass^5', questions: 30, a: 0.4, b: 0.6 })).toBe(betaPassHatK(0.4, 0.6, 5));
    expect(t({ design: 'n=16, pass@5', questions: 30, a: 2, b: 0.6, clusters: 10, clusterIcc: 0.2 })).toBe(
      nestedBetaPassAtK(2 / 2.6, 4, 2.6, 5),
    );
    expect(t({ design: 'n=16, pass@5', questions: 30, a: 2, b: 0.6, clusters: 10, clusterIcc: 0 })).toBe(
      betaPassAtK(2, 0.6, 5),
    );
  });
  it.each([
    [{ design: 'n=16, pass@5', questions: 40, a: 0.4, b: 0.6 }],
    [{ design: 'n=8, pass^3', questions: 40, a: 2, b: 0.6 }],
    [{ design: 'n=16, pass@10', questions: 40, a: 2, b: 0.6, clusters: 8, clusterIcc: 0.3 }],
    [{ design: 'n=4, pass@1', questions: 40, a: 0.4, b: 0.6, clusters: 8, clusterIcc: 0.3 }],
  ])('the mean per-question estimate is unbiased for the truth (%o)', (params) => {
    const { mean, mcse, truth } = meanCheck(params, 20_000);
    expect(Math.abs(mean - truth)).toBeLessThan(4 * mcse);
  });
  it("draws an eval's own questions (and whole clusters) with its pass rates", () => {
    const file = join(tmpdir(), `passatk-population-${process.pid}.csv`);
    const lines = ['question,cluster,correct_m,k_m'];
    for (let i = 0; i < 24; i++) lines.push(`q${i},c${i % 4},${i % 5},4`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    let truth = 0;
    for (let i = 0; i < 24; i++) truth += 1 - (1 - Math.min(1, (i % 5) / 4)) ** 2;
    // i % 5 = 4 reads as 4 of 4 (a rate of 1).
    truth /= 24;
    for (const unit of ['questions', 'clusters'] as const) {
      const params = { design: 'n=6, pass@2', population: file, system: 'm', unit };
      const r = meanCheck(params, 20_000);
      expect(r.truth).toBeCloseTo(truth, 14);
      // Whole clusters of equal size: the mean over drawn questions is unbiased too.
      expect(Math.abs(r.mean - truth)).toBeLessThan(4 * r.mcse);
    }
  });
});
