/**
 * Influence terms of the judge-correction estimators, summed within clusters. Each estimator
 * θ̂ is linearised as θ̂ − θ ≈ Σ_i ψ_i over the rows; with T_g = Σ_{i∈g} ψ_i the total of
 * cluster g, the cluster-robust variance is
 *
 *   V̂ = Σ_g T_g²                                   (no small-sample factor, z critical values)
 *
 * and, for two systems on the same questions (the same cluster index space), the variance of
 * their difference is Σ_g (T_g^A − T_g^B)² — whether or not their labelled slices are the same
 * rows. With every row its own cluster, each V̂ is the plug-in (ddof 0) variance of ppi_py and
 * of Lee et al. exactly. The terms (U: unlabelled rows, N of them; L: labelled, n; L1, L0: the
 * labelled rows with y = 1, m1 of them, and y = 0, m0):
 *
 * - `judge`, f̄ over all R rows: ψ = (f − f̄)/R.
 * - `ppi` with λ (λ = 1: PPI, Angelopoulos et al. 2023; λ̂: PPI++; λ = 0: the labelled-only
 *   mean), θ̂ = λ f̄_U + (ȳ − λ f̄_L): ψ = λ(f − f̄_U)/N on U, ((y − ȳ) − λ(f − f̄_L))/n on L.
 *   Unclustered, V̂ = λ²·var₀(f_U)/N + var₀(y − λf)/n: ppi_py's `imputed_std² + rectifier_std²`.
 * - `roganGladen`, θ̂ = (p + q0 − 1)/D, D = q0 + q1 − 1, p = f̄_U, q1 = mean of f on L1
 *   (sensitivity), q0 = mean of 1 − f on L0 (specificity): ψ = (f − p)/(N·D) on U,
 *   −θ̂(f − q1)/(m1·D) on L1, (1 − θ̂)((1 − f) − q0)/(m0·D) on L0 (the delta method; unclustered,
 *   V̂ = [p(1−p)/N + (1−θ̂)² q0(1−q0)/m0 + θ̂² q1(1−q1)/m1]/D², Lee et al. 2025 eq. (4) unsmoothed).
 * - `sensitivity`: ψ = (f − q1)/m1 on L1; `specificity`: ψ = ((1 − f) − q0)/m0 on L0.
 * - `kappa`, Cohen's κ = (p_o − p_e)/(1 − p_e) of judge and label on L, p_o the share agreeing,
 *   p_e = f̄_L ȳ + (1 − f̄_L)(1 − ȳ): ψ = (a − p_o)/(n(1 − p_e)) − (1 − p_o)/(1 − p_e)² ·
 *   [(2ȳ − 1)(f − f̄_L) + (2f̄_L − 1)(y − ȳ)]/n, a = 1{f = y}; unclustered this is Fleiss, Cohen
 *   & Everitt's (1969) large-sample variance (statsmodels `cohens_kappa().var_kappa`).
 * - `labelledGap`, f̄_L − f̄_U (is the labelled slice like the rest?): ψ = (f − f̄_L)/n on L,
 *   −(f − f̄_U)/N on U.
 * - `judgeUnlabelled`, f̄_U alone (the test-set proportion p of Rogan–Gladen): ψ = (f − f̄_U)/N on U.
 * - `judgeBias`, f̄_L − ȳ, the judge's mean error on the labelled rows (minus PPI's rectifier):
 *   ψ = ((f − f̄_L) − (y − ȳ))/n on L.
 */
import { clusterOfRow, type JudgedSample } from './judgedSample.js';
import type { JudgedSums } from './judgedSums.js';

export type JudgedEstimator =
  | 'judge'
  | 'ppi'
  | 'roganGladen'
  | 'sensitivity'
  | 'specificity'
  | 'kappa'
  | 'labelledGap'
  | 'judgeUnlabelled'
  | 'judgeBias';

/**
 * Fills `totals[0 … K)` with the cluster totals T_g of `estimator`'s influence terms (module
 * comment; `lambda` is used by `ppi` only) and returns its point estimate θ̂; NaN (and totals
 * left 0) when the estimator is undefined on this sample: no labelled row (or no unlabelled
 * one with λ > 0, or for `roganGladen`/`labelledGap`), no labelled row of a class (m1 or m0 = 0),
 * verdicts or labels not 0/1 for the 2 × 2 estimators, D ≤ 0, p_e = 1.
 */
export function judgedInfluence(
  sample: JudgedSample,
  sums: JudgedSums,
  estimator: JudgedEstimator,
  totals: Float64Array,
  lambda = 1,
): number {
  totals.fill(0, 0, sums.clusters);
  const { judge, label } = sample;
  const rows = sums.rows;
  const n = sums.labelled;
  const N = sums.unlabelled;
  const binary = sums.judgeBinary && sums.labelBinary;
  const fU = sums.meanJudgeUnlabelled;
  const fL = sums.meanJudgeLabelled;
  const yL = sums.meanLabel;
  switch (estimator) {
    case 'judge': {
      const f0 = sums.meanJudge;
      for (let i = 0; i < rows; i++) totals[clusterOfRow(sample, i)] += (judge[i] - f0) / rows;
      return f0;
    }
    case 'ppi': {
      if (n === 0 || (lambda !== 0 && N === 0)) return Number.NaN;
      for (let i = 0; i < rows; i++) {
        const y = label[i];
        const f = judge[i];
        totals[clusterOfRow(sample, i)] += Number.isNaN(y)
          ? (lambda * (f - fU)) / N
          : (y - yL - lambda * (f - fL)) / n;
      }
      return lambda === 0 ? yL : lambda * fU + (yL - lambda * fL);
    }
    case 'labelledGap': {
      if (n === 0 || N === 0) return Number.NaN;
      for (let i = 0; i < rows; i++) {
        const f = judge[i];
        totals[clusterOfRow(sample, i)] += Number.isNaN(label[i]) ? -(f - fU) / N : (f - fL) / n;
      }
      return fL - fU;
    }
    case 'judgeBias': {
      if (n === 0) return Number.NaN;
      for (let i = 0; i < rows; i++) {
        const y = label[i];
        if (!Number.isNaN(y)) totals[clusterOfRow(sample, i)] += (judge[i] - fL - (y - yL)) / n;
      }
      return fL - yL;
    }
    case 'judgeUnlabelled': {
      if (N === 0) return Number.NaN;
      for (let i = 0; i < rows; i++) {
        if (Number.isNaN(label[i])) totals[clusterOfRow(sample, i)] += (judge[i] - fU) / N;
      }
      return fU;
    }
    case 'sensitivity':
    case 'specificity': {
      const positive = estimator === 'sensitivity';
      const m = positive ? sums.positives : sums.negatives;
      if (!binary || !(m > 0)) return Number.NaN;
      const q = (positive ? sums.truePositives : sums.trueNegatives) / m;
      const cls = positive ? 1 : 0;
      for (let i = 0; i < rows; i++) {
        if (label[i] !== cls) continue;
        const hit = positive ? judge[i] : 1 - judge[i];
        totals[clusterOfRow(sample, i)] += (hit - q) / m;
      }
      return q;
    }
    case 'roganGladen': {
      const m1 = sums.positives;
      const m0 = sums.negatives;
      if (!binary || !(m1 > 0) || !(m0 > 0) || N === 0) return Number.NaN;
      const q1 = sums.truePositives / m1;
      const q0 = sums.trueNegatives / m0;
      const D = q0 + q1 - 1;
      if (!(D > 0)) return Number.NaN;
      const theta = (fU + q0 - 1) / D;
      for (let i = 0; i < rows; i++) {
        const y = label[i];
        const f = judge[i];
        let psi: number;
        if (Number.isNaN(y)) psi = (f - fU) / (N * D);
        else if (y === 1) psi = (-theta * (f - q1)) / (m1 * D);
        else psi = ((1 - theta) * (1 - f - q0)) / (m0 * D);
        totals[clusterOfRow(sample, i)] += psi;
      }
      return theta;
    }
    case 'kappa': {
      if (!binary || n === 0) return Number.NaN;
      const po = (sums.truePositives + sums.trueNegatives) / n;
      const pe = fL * yL + (1 - fL) * (1 - yL);
      if (!(pe < 1)) return Number.NaN;
      const a = 1 / (n * (1 - pe));
      const b = (1 - po) / ((1 - pe) * (1 - pe) * n);
      for (let i = 0; i < rows; i++) {
        const y = label[i];
        if (Number.isNaN(y)) continue;
        const f = judge[i];
        const agree = f === y ? 1 : 0;
        totals[clusterOfRow(sample, i)] +=
          a * (agree - po) - b * ((2 * yL - 1) * (f - fL) + (2 * fL - 1) * (y - yL));
      }
      return (po - pe) / (1 - pe);
    }
  }
}

/** Σ_g T_g² over the first `clusters` totals. */
export function sumOfSquares(totals: ArrayLike<number>, clusters: number): number {
  let s = 0;
  for (let g = 0; g < clusters; g++) s += totals[g] * totals[g];
  return s;
}

/** Σ_g (T_g^A − T_g^B)² over the first `clusters` totals (a difference's variance). */
export function sumOfSquaredDifferences(
  first: ArrayLike<number>,
  second: ArrayLike<number>,
  clusters: number,
): number {
  let s = 0;
  for (let g = 0; g < clusters; g++) {
    const d = first[g] - second[g];
    s += d * d;
  }
  return s;
}
