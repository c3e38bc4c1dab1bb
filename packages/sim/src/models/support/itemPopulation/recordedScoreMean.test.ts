/**
 * The graded draws of the item-population models (recordedScoreMean.ts), checked by Monte Carlo
 * against closed forms computed from the population file itself, each within 4 MC standard
 * errors (a false alarm has probability ≈ 6e-5 per check):
 *  - the truth: E[Σ y]/n = mean_i m_i (m_i the question's mean recorded score), and with whole
 *    clusters drawn E[Σ y]/E[Σ size] = the same per-question mean over the population;
 *  - the epoch redraw: E[Σ y²]/n = mean_i (m_i² + v_i/E) (v_i the population variance of the
 *    question's recorded scores; a question with one recorded score has v_i = 0: its outcome);
 *  - the pairing: E[Σ y_A y_B]/n = mean_i m_iA m_iB (both systems scored on the same drawn
 *    question, each redrawing its own scores) — far from m̄_A m̄_B when the systems agree;
 *  - the imposed gap of itemPopulationShifted: truth = delta exactly and E[Σ(y_A − y_B)]/n = delta.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CellParams } from '../../../base/cellParams.js';
import { ConfigError } from '../../../base/errors.js';
import { SeededStream } from '../../../rng/SeededStream.js';
import { itemPopulation, itemPopulationPaired } from '../../itemPopulationModel.js';
import { itemPopulationShifted } from '../../itemPopulationShifted.js';
import { systemCopies } from '../../systemCopies.js';

const dir = mkdtempSync(join(tmpdir(), 'evalsim-graded-draws-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const context = { baseDir: dir };

/** Per question: cluster and each system's recorded scores (1 to 3 of them; A and B agree closely). */
const QUESTIONS: readonly [string, readonly number[], readonly number[]][] = [
  ['c1', [0.9, 0.7, 1], [0.8, 0.75, 0.9]],
  ['c1', [0.1], [0.2]],
  ['c2', [0.5, 0], [0.4, 0.1]],
  ['c2', [0.25, 0.75, 0.5], [0.3, 0.6, 0.45]],
  ['c2', [1, 1, 0.2], [0.95, 0.9, 0.3]],
  ['c3', [0.05, 0.15], [0, 0.2]],
  ['c4', [0.6, 0.65, 0.7], [0.55, 0.6, 0.8]],
  ['c4', [0.33], [0.4, 0.3]],
];

const file = join(dir, 'graded.csv');
{
  const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
  const lines = ['question,cluster,correct_a,k_a,scores_a,correct_b,k_b,scores_b'];
  QUESTIONS.forEach(([c, a, b], i) => {
    lines.push(`q${i},${c},${sum(a)},${a.length},${a.join(';')},${sum(b)},${b.length},${b.join(';')}`);
  });
  writeFileSync(file, `${lines.join('\n')}\n`);
}

const N = QUESTIONS.length;
const meanOf = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const varianceOf = (xs: readonly number[]) => {
  const m = meanOf(xs);
  return xs.reduce((s, x) => s + (x - m) ** 2, 0) / xs.length;
};
const truthA = QUESTIONS.reduce((s, [, a]) => s + meanOf(a), 0) / N;
const truthB = QUESTIONS.reduce((s, [, , b]) => s + meanOf(b), 0) / N;

/** Mean and MC standard error of each of `values(data)` over `reps` replications. */
function monteCarlo<D>(reps: number, draw: (rng: SeededStream) => D, values: (d: D) => number[]) {
  const rng = new SeededStream(0);
  let sums: number[] = [];
  let squares: number[] = [];
  for (let r = 0; r < reps; r++) {
    rng.reseed(77, r);
    const v = values(draw(rng));
    if (r === 0) {
      sums = v.map(() => 0);
      squares = v.map(() => 0);
    }
    v.forEach((x, j) => {
      sums[j] += x;
      squares[j] += x * x;
    });
  }
  return sums.map((s, j) => {
    const mean = s / reps;
    return { mean, mcse: Math.sqrt((squares[j] / reps - mean * mean) / (reps - 1)), samples: reps };
  });
}

const sumOf = (a: Float64Array, slots: number) => a.subarray(0, slots).reduce((s, x) => s + x, 0);

describe('graded item populations: scores redrawn from each question’s recorded scores', () => {
  it('one system, n questions, 3 epochs: truth and E[y²] = mean(m² + v/E) (4 MCSE, 100,000 replications)', () => {
    const n = 5;
    const params: CellParams = { population: 'graded.csv', systems: ['a'], n, replace: true, epochs: 3 };
    const p = itemPopulation.parse(params, context);
    expect(p.truth).toBeCloseTo(truthA, 15);
    expect(p.gradedA).not.toBeNull();
    const data = itemPopulation.allocate(p);
    const [y, y2] = monteCarlo(
      100_000,
      (rng) => {
        itemPopulation.generate(p, rng, data);
        return data;
      },
      (d) => [sumOf(d.totals, d.clusterCount) / n, sumOf(d.sumSquares, d.clusterCount) / n],
    );
    const expectedSquare = QUESTIONS.reduce((s, [, a]) => s + meanOf(a) ** 2 + varianceOf(a) / 3, 0) / N;
    expect(Math.abs(y.mean - truthA)).toBeLessThan(4 * y.mcse);
    expect(Math.abs(y2.mean - expectedSquare)).toBeLessThan(4 * y2.mcse);
    // Not the 0/1 law: Bernoulli(m) epochs would give mean(m² + m(1 − m)/E), far above.
    const bernoulliSquare =
      QUESTIONS.reduce((s, [, a]) => s + meanOf(a) ** 2 + (meanOf(a) * (1 - meanOf(a))) / 3, 0) / N;
    expect(Math.abs(y2.mean - bernoulliSquare)).toBeGreaterThan(20 * y2.mcse);
  });

  it('whole clusters: E[Σy]/E[Σ size] is the per-question mean over the population (4 MCSE, delta method)', () => {
    const params: CellParams = {
      population: 'graded.csv',
      systems: ['a'],
      clusters: 3,
      replace: true,
      epochs: 2,
    };
    const p = itemPopulation.parse(params, context);
    const data = itemPopulation.allocate(p);
    const reps = 100_000;
    const rng = new SeededStream(0);
    let sy = 0;
    let sn = 0;
    let syy = 0;
    let snn = 0;
    let syn = 0;
    for (let r = 0; r < reps; r++) {
      rng.reseed(78, r);
      itemPopulation.generate(p, rng, data);
      const y = sumOf(data.totals, data.clusterCount);
      const size = sumOf(data.sizes, data.clusterCount);
      sy += y;
      sn += size;
      syy += y * y;
      snn += size * size;
      syn += y * size;
    }
    const my = sy / reps;
    const mn = sn / reps;
    const ratio = my / mn;
    // Var(ȳ/n̄) ≈ (Var y − 2R Cov(y, n) + R² Var n)/(reps · n̄²)
    const vy = syy / reps - my * my;
    const vn = snn / reps - mn * mn;
    const cyn = syn / reps - my * mn;
    const mcse = Math.sqrt((vy - 2 * ratio * cyn + ratio * ratio * vn) / (reps * mn * mn));
    expect(Math.abs(ratio - truthA)).toBeLessThan(4 * mcse);
  });

  it('a pair is scored on the same drawn question: E[Σ y_A y_B]/n = mean m_A m_B (4 MCSE)', () => {
    const n = 4;
    const params: CellParams = { population: 'graded.csv', systems: ['a', 'b'], n, replace: true, epochs: 3 };
    const p = itemPopulationPaired.parse(params, context);
    expect(p.truth).toBeCloseTo(truthA - truthB, 15);
    const data = itemPopulationPaired.allocate(p);
    const [ab, d] = monteCarlo(
      100_000,
      (rng) => {
        itemPopulationPaired.generate(p, rng, data);
        return data;
      },
      (x) => [
        sumOf(x.sumProducts, x.clusterCount) / n,
        (sumOf(x.totalsA, x.clusterCount) - sumOf(x.totalsB, x.clusterCount)) / n,
      ],
    );
    const paired = QUESTIONS.reduce((s, [, a, b]) => s + meanOf(a) * meanOf(b), 0) / N;
    expect(Math.abs(ab.mean - paired)).toBeLessThan(4 * ab.mcse);
    expect(Math.abs(ab.mean - truthA * truthB)).toBeGreaterThan(20 * ab.mcse);
    expect(Math.abs(d.mean - (truthA - truthB))).toBeLessThan(4 * d.mcse);
  });

  it('itemPopulationShifted moves each recorded score by the mixture: truth = delta, E[Σ(y_A − y_B)]/n = delta', () => {
    const n = 6;
    const delta = 0.1;
    const base = { population: 'graded.csv', systems: ['a', 'b'], n, replace: true, epochs: 2, delta };
    expect(() => itemPopulationShifted.parse(base, context)).toThrow(
      /shift.*"mixture": system B's scores are graded/,
    );
    const p = itemPopulationShifted.parse({ ...base, shift: 'mixture' }, context);
    expect(p.truth).toBeCloseTo(delta, 12);
    for (const x of p.gradedB?.values ?? []) expect(x >= 0 && x <= 1).toBe(true);
    const data = itemPopulationShifted.allocate(p);
    const [d] = monteCarlo(
      100_000,
      (rng) => {
        itemPopulationShifted.generate(p, rng, data);
        return data;
      },
      (x) => [(sumOf(x.totalsA, x.clusterCount) - sumOf(x.totalsB, x.clusterCount)) / n],
    );
    expect(Math.abs(d.mean - delta)).toBeLessThan(4 * d.mcse);
  });

  it('0/1 notions are refused for graded systems, naming the field', () => {
    const base = { population: 'graded.csv', systems: ['a'], n: 4 };
    expect(() => itemPopulation.parse({ ...base, answer: 'first' }, context)).toThrow(ConfigError);
    expect(() => itemPopulation.parse({ ...base, epochs: 2, truth: 'shrunk' }, context)).toThrow(
      /truth: .*"observed": system "a" .* graded scores/,
    );
    expect(() =>
      itemPopulationPaired.parse({ ...base, systems: ['a', 'b'], replace: true, pooled: true }, context),
    ).toThrow(/pooled: .*graded scores/);
    expect(() => systemCopies.parse({ population: 'graded.csv', system: 'a', copies: 2 }, context)).toThrow(
      /system: "a" has graded scores .*systemCopies draws 0\/1 answers/,
    );
    // 'rate' scores a question by its mean recorded score, no draw.
    const rate = itemPopulation.parse({ ...base, answer: 'rate' }, context);
    expect(rate.gradedA).toBeNull();
    expect(rate.scoresA[0]).toBeCloseTo(meanOf(QUESTIONS[0][1]), 15);
  });
});
