/**
 * Recomputes, from the committed studies/data/mmlu-standin.csv, every statistic the
 * article in seed 000 publishes about its 1,140 MMLU questions and checks the stand-in
 * against it. Counts the article gives exactly are checked exactly; a number the article
 * rounds is checked to round to the published value (the tolerance is half a unit of
 * the last published digit), except where noted.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  clusterTotalsFromItems,
  mcnemarExactPValue,
  millerClusteredVariance,
  oneWayAnovaFromTotals,
} from '../../packages/core/src/index.js';
import {
  loadItemPopulation,
  populationSystem,
  type SystemResults,
} from '../../packages/sim/src/population/index.js';

const path = fileURLToPath(new URL('../../studies/data/mmlu-standin.csv', import.meta.url));
const population = loadItemPopulation(path);
const N = population.questionCount;
const subjects = Array.from(population.clusterIndex, (c) => population.clusterNames[c]);
const off = populationSystem(population, 'haiku_off');
const low = populationSystem(population, 'haiku_low');
const sonnet = populationSystem(population, 'sonnet_off');

/** |value − published| ≤ half a unit in the last published decimal place. */
function expectRoundsTo(value: number, published: number, decimals: number): void {
  expect(Math.abs(value - published)).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-12);
}

const sum = (xs: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i];
  return s;
};
const mean = (xs: ArrayLike<number>) => sum(xs) / xs.length;
function sampleVariance(xs: ArrayLike<number>): number {
  const m = mean(xs);
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += (xs[i] - m) ** 2;
  return s / (xs.length - 1);
}
const rates = (s: SystemResults) => Float64Array.from(s.correct, (c, i) => c / s.k[i]);
const firsts = (s: SystemResults) => s.first ?? expect.unreachable(`${s.name} has no first answers`);
/** Mean unbiased within-question variance E[σ²] = mean of c(k − c)/(k(k − 1)). */
const meanWithinVariance = (s: SystemResults) =>
  mean(Float64Array.from(s.correct, (c, i) => (c * (s.k[i] - c)) / (s.k[i] * (s.k[i] - 1))));
/** The j-th recorded answer of every question. */
const run = (s: SystemResults, j: number) =>
  Float64Array.from({ length: N }, (_, i) => s.answers?.values[s.answers.offsets[i] + j] ?? Number.NaN);
/** Miller's clustered SE of the mean (seed 000's clustered_se), by subject. */
const clusteredSE = (scores: ArrayLike<number>) =>
  Math.sqrt(millerClusteredVariance(clusterTotalsFromItems(scores, subjects)));
function crossTable(a: ArrayLike<number>, b: ArrayLike<number>) {
  const t = { both: 0, onlyA: 0, onlyB: 0, neither: 0 };
  for (let i = 0; i < a.length; i++) {
    if (a[i] && b[i]) t.both++;
    else if (a[i]) t.onlyA++;
    else if (b[i]) t.onlyB++;
    else t.neither++;
  }
  return t;
}
const difference = (a: ArrayLike<number>, b: ArrayLike<number>) => Float64Array.from(a, (x, i) => x - b[i]);
const inSubjects = (values: ArrayLike<number>, names: readonly string[]) =>
  sum(Float64Array.from(values, (v, i) => (names.includes(subjects[i]) ? v : 0)));

describe('mmlu-standin.csv: Haiku, thinking off (Steps 1–2)', () => {
  it('has 57 subjects × 20 questions and five answers per question', () => {
    expect(N).toBe(1140);
    expect(population.clusterNames).toHaveLength(57);
    const sizes = clusterTotalsFromItems(new Float64Array(N), subjects).sizes;
    expect([...sizes].every((s) => s === 20)).toBe(true);
    expect([...off.k].every((k) => k === 5)).toBe(true);
  });

  it('has 889 questions right 5 of 5, 203 right 0 of 5, 48 in between, 80.1% of answers right', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (const c of off.correct) counts[c]++;
    expect(counts[5]).toBe(889);
    expect(counts[0]).toBe(203);
    expect(counts[1] + counts[2] + counts[3] + counts[4]).toBe(48);
    expect(Math.abs(sum(off.correct) - 4566)).toBeLessThanOrEqual(1);
    expectRoundsTo(sum(off.correct) / 5700, 0.801, 3);
  });

  it('has the five published run scores, no two runs different by exact McNemar (smallest p 0.052)', () => {
    const published = [0.797, 0.8, 0.8, 0.807, 0.802];
    const runs = published.map((_, j) => run(off, j));
    for (const [j, r] of runs.entries()) expectRoundsTo(mean(r), published[j], 3);
    expect(sum(runs[0])).toBe(909);
    expect([...runs[0]]).toEqual([...firsts(off)]);
    const ps: number[] = [];
    for (let a = 0; a < 5; a++) {
      for (let b = a + 1; b < 5; b++) {
        const t = crossTable(runs[a], runs[b]);
        ps.push(mcnemarExactPValue(t.onlyA, t.onlyB));
      }
    }
    expect(Math.min(...ps)).toBeGreaterThanOrEqual(0.05);
    expectRoundsTo(Math.min(...ps), 0.052, 3);
  });

  it("splits the variance as published: Var(x) 0.149, E[σ²] 0.010, sampling's share 6.4%, SEs 1.18 / 1.15", () => {
    // Miller (2024): E[σ²] = mean unbiased within-question variance; Var(x) = Var(c/k) − E[σ²]/K
    const within = meanWithinVariance(off);
    const between = sampleVariance(rates(off)) - within / 5;
    expectRoundsTo(between, 0.149, 3);
    expectRoundsTo(within, 0.01, 3);
    expectRoundsTo(within / (between + within), 0.064, 3);
    expectRoundsTo(100 * Math.sqrt((between + within) / N), 1.18, 2);
    expectRoundsTo(100 * Math.sqrt((between + within / 5) / N), 1.15, 2);
  });

  it('has subject scores from 31% (abstract algebra) to 100% (four subjects), 17% of the variance between subjects', () => {
    const totals = clusterTotalsFromItems(rates(off), subjects);
    const scores = [...totals.totals].map((t, g) => t / totals.sizes[g]);
    const lowest = Math.min(...scores);
    expect(lowest).toBeCloseTo(0.31, 12);
    expect(totals.ids[scores.indexOf(lowest)]).toBe('abstract_algebra');
    expect(scores.filter((s) => s === 1)).toHaveLength(4);
    expect(scores[totals.ids.indexOf('high_school_government_and_politics')]).toBe(1);
    // η² = SS_between / SS_total of the per-question rates; "about 17%": ±0.5 points
    const anova = oneWayAnovaFromTotals(totals);
    const ssBetween = anova.betweenMeanSquare * anova.betweenDf;
    const share = ssBetween / (ssBetween + anova.withinMeanSquare * anova.withinDf);
    expect(Math.abs(share - 0.17)).toBeLessThanOrEqual(0.005);
  });

  it('gives the first run a clustered SE of 2.15 points against the naive 1.19 (design effect 3.3)', () => {
    const first = firsts(off);
    const p = mean(first);
    const naive = Math.sqrt((p * (1 - p)) / N);
    const clustered = clusteredSE(first);
    expectRoundsTo(100 * naive, 1.19, 2);
    expectRoundsTo(100 * clustered, 2.15, 2);
    expectRoundsTo((clustered / naive) ** 2, 3.3, 1);
    // 95% interval 75.5% to 84.0%
    expectRoundsTo(100 * (p - 1.96 * clustered), 75.5, 1);
    expectRoundsTo(100 * (p + 1.96 * clustered), 84.0, 1);
  });
});

describe('mmlu-standin.csv: Haiku thinking low and Sonnet thinking off (Steps 3–4)', () => {
  it('matches the Step 3 table of first answers, Haiku-off × Sonnet-off: 881 / 28 / 107 / 124', () => {
    expect(crossTable(firsts(off), firsts(sonnet))).toEqual({
      both: 881,
      onlyA: 28,
      onlyB: 107,
      neither: 124,
    });
    expect([...sonnet.k].every((k) => k === 2)).toBe(true);
    expect([...low.k].every((k) => k === 5)).toBe(true);
  });

  it('has first-answer accuracies 89.7% and 86.7% with discordant first answers 94 vs 59', () => {
    expectRoundsTo(mean(firsts(low)), 0.897, 3);
    expectRoundsTo(mean(firsts(sonnet)), 0.867, 3);
    const t = crossTable(firsts(low), firsts(sonnet));
    expect([t.onlyA, t.onlyB]).toEqual([94, 59]);
    expectRoundsTo(mcnemarExactPValue(t.onlyA, t.onlyB), 0.006, 3);
  });

  it('has thinking win 138 questions and lose 24 against Haiku-off (net 114)', () => {
    const t = crossTable(firsts(low), firsts(off));
    expect([t.onlyA, t.onlyB]).toEqual([138, 24]);
  });

  it('has δ = 3.0 points, ω² = 0.116, σ_A² = 0.013, σ_B² = 0.004, and Miller’s n ≈ 1,165 / 1,041 / 1,010', () => {
    const sigmaA2 = meanWithinVariance(low);
    const sigmaB2 = meanWithinVariance(sonnet);
    const d = difference(rates(low), rates(sonnet));
    const delta = mean(d);
    // ω²: variance of the per-question differences of means, less their sampling variance
    const omega2 = sampleVariance(d) - sigmaA2 / 5 - sigmaB2 / 2;
    expectRoundsTo(delta, 0.03, 3);
    expectRoundsTo(omega2, 0.116, 3);
    expectRoundsTo(sigmaA2, 0.013, 3);
    expectRoundsTo(sigmaB2, 0.004, 3);
    // n = (z_α/2 + z_β)² (ω² + σ_A²/K_A + σ_B²/K_B) / δ²: n is sensitive to δ² and the published
    // inputs are rounded, so within 1%
    const z2 = (1.959963984540054 + 0.8416212335729143) ** 2;
    const n = (kA: number, kB: number) => (z2 * (omega2 + sigmaA2 / kA + sigmaB2 / kB)) / delta ** 2;
    expect(Math.abs(n(1, 1) / 1165 - 1)).toBeLessThan(0.01);
    expect(Math.abs(n(5, 5) / 1041 - 1)).toBeLessThan(0.01);
    expect(Math.abs((z2 * omega2) / delta ** 2 / 1010 - 1)).toBeLessThan(0.01);
  });

  it('gives the published paired and clustered intervals for Sonnet-off − Haiku-low: −5.2 to −0.9 and −7.0 to +0.9', () => {
    const d = difference(firsts(sonnet), firsts(low));
    const est = mean(d);
    const paired = Math.sqrt(sampleVariance(d) / N);
    const clustered = clusteredSE(d);
    expectRoundsTo(100 * (est - 1.96 * paired), -5.2, 1);
    // the published counts (94 vs 59) alone fix this end at −0.950; the article prints −0.9
    expect(Math.abs(100 * (est + 1.96 * paired) - -0.9)).toBeLessThan(0.051);
    expectRoundsTo(100 * (est - 1.96 * clustered), -7.0, 1);
    expectRoundsTo(100 * (est + 1.96 * clustered), 0.9, 1);
  });

  it('gives Sonnet-off − Haiku-off a paired SE of 1.00 vs unpaired 1.56, interval +5.0 to +8.9', () => {
    const a = firsts(sonnet);
    const b = firsts(off);
    const d = difference(a, b);
    const paired = Math.sqrt(sampleVariance(d) / N);
    const pa = mean(a);
    const pb = mean(b);
    const unpaired = Math.sqrt((pa * (1 - pa)) / N + (pb * (1 - pb)) / N);
    expectRoundsTo(100 * paired, 1.0, 2);
    expectRoundsTo(100 * unpaired, 1.56, 2);
    expectRoundsTo(100 * (mean(d) - 1.96 * paired), 5.0, 1);
    expectRoundsTo(100 * (mean(d) + 1.96 * paired), 8.9, 1);
  });

  it('concentrates the gain: 13 (high-school maths) and 42 (five calculation subjects) of the net 35, 49 of the thinking gain', () => {
    const calc = [
      'high_school_mathematics',
      'college_mathematics',
      'abstract_algebra',
      'college_physics',
      'professional_accounting',
    ];
    const lead = difference(firsts(low), firsts(sonnet));
    expect(sum(lead)).toBe(35);
    expect(inSubjects(lead, ['high_school_mathematics'])).toBe(13);
    expect(inSubjects(lead, calc)).toBe(42);
    const gain = difference(firsts(low), firsts(off));
    expect(sum(gain)).toBe(114);
    expect(inSubjects(gain, calc)).toBe(49);
  });
});

describe('scripts/standin/mmlu-standin.mjs', () => {
  it('regenerates the committed file byte for byte from its default seed', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'evalsim-standin-')), 'mmlu-standin.csv');
    const script = fileURLToPath(new URL('./mmlu-standin.mjs', import.meta.url));
    const run = spawnSync(process.execPath, [script, '--out', out], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(path, 'utf8'));
    rmSync(dirname(out), { recursive: true, force: true });
  });
});
