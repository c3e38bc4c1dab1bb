/**
 * The judge-correction interval methods on `judgedScores` (models/judgedAnswers.ts), thin
 * adapters over core judged/ (its module comments hold the formulas and sources): each estimates
 * the system's accuracy, or with two systems the difference first − second on the same
 * questions (core judgedDifference: Σ_g (T_g^A − T_g^B)²). Interval methods: p-values NaN. A
 * replication where the method is undefined (no labelled row of a class for Rogan–Gladen, a judge
 * no better than chance, …) is unanalysable (NaN, degenerate); a zero SE collapses the interval
 * (degenerate).
 *
 * - `judgeOnly`: the judge's mean over every row, ignoring its errors.
 * - `labelledOnly`: the labels' mean on the labelled rows (ppi_py `classical_mean_ci`).
 * - `ppi`: prediction-powered inference, λ = 1 (Angelopoulos et al. 2023).
 * - `ppiPlusPlus`: PPI with ppi_py's power-tuned λ̂ (Angelopoulos, Duchi & Zrnic 2024).
 * - `roganGladen`: (p + q0 − 1)/(q0 + q1 − 1), with `interval: lee` Lee et al.'s published
 *   interval (one system only) or `delta` the plain delta method.
 */
import { type JudgedMethod, judgedBounds, judgedDifferenceBounds } from '@evalsim/core';
import type { JudgedScores } from '../base/dataKinds.js';
import { defineMethod } from '../base/defineMethod.js';
import { clearPValues, criticalValue, fillUnanalysable, type MethodResult } from '../base/methodResult.js';
import { createJudgedViews } from './support/judgedSamples.js';

/** An analyser of `method` at `level`. */
function judgedAnalyser(method: JudgedMethod, level: number) {
  const z = criticalValue(level, Number.POSITIVE_INFINITY);
  const views = createJudgedViews();
  return (data: JudgedScores, _rng: unknown, out: MethodResult) => {
    const { samples, works, bounds } = views.read(data);
    if (data.systems === 2) {
      if (method === 'lee') {
        fillUnanalysable(out);
        return;
      }
      judgedDifferenceBounds(samples[0], samples[1], method, z, works[0], works[1], bounds);
    } else judgedBounds(samples[0], method, z, works[0], bounds);
    if (Number.isNaN(bounds.estimate) || Number.isNaN(bounds.lower)) {
      fillUnanalysable(out, bounds.estimate);
      return;
    }
    out.estimate = bounds.estimate;
    out.se = bounds.se;
    out.lower = bounds.lower;
    out.upper = bounds.upper;
    clearPValues(out);
    out.degenerate = bounds.degenerate;
  };
}

function judgedMethod(name: JudgedMethod, description: string) {
  return defineMethod({
    name,
    description,
    kind: 'interval',
    accepts: ['judgedScores'],
    options: {},
    create: (_options, { level }) => judgedAnalyser(name, level),
  });
}

export const judgeOnlyInterval = judgedMethod(
  'judgeOnly',
  "The judge's mean over every judged row ± z·SE, as if the judge were right (uncorrected).",
);
export const labelledOnlyInterval = judgedMethod(
  'labelledOnly',
  "The human labels' mean over the labelled rows ± z·SE (ppi_py classical_mean_ci).",
);
export const ppiInterval = judgedMethod(
  'ppi',
  'Prediction-powered inference: f̄_U + (ȳ_L − f̄_L) ± z·SE, SE summed within clusters (ppi_py ppi_mean_ci, lam=1).',
);
export const ppiPlusPlusInterval = judgedMethod(
  'ppiPlusPlus',
  "PPI++: λ̂ f̄_U + (ȳ_L − λ̂ f̄_L) ± z·SE with ppi_py's power-tuned λ̂ ∈ [0, 1].",
);

export const roganGladenInterval = defineMethod({
  name: 'roganGladen',
  description:
    "Rogan–Gladen correction (p + spec − 1)/(sens + spec − 1) from the labelled rows' sensitivity and specificity; " +
    "Lee et al.'s published interval or the plain delta method.",
  kind: 'interval',
  accepts: ['judgedScores'],
  options: {
    interval: {
      type: 'choice',
      values: ['lee', 'delta'],
      default: 'lee',
      description: "lee: Lee et al.'s smoothed plug-in interval (one system); delta: the plain delta method.",
    },
  },
  create: ({ interval }, { level }) => judgedAnalyser(interval === 'lee' ? 'lee' : 'roganGladen', level),
});
