/**
 * The sums every judge-correction estimator starts from, in two passes over the rows (means
 * first, then centred products, so nothing cancels): the sizes n (labelled) and N (unlabelled),
 * the means f̄ (every row), f̄_U, f̄_L and ȳ_L, and PPI++'s power-tuning parameter
 *
 *   λ̂ = clip( Ĉov_L(y, f) / ((1 + n/N) · V̂ar_{L∪U}(f)), 0, 1 ),
 *
 * with Ĉov_L the labelled rows' covariance with divisor n (ddof 0) and V̂ar the variance of the
 * judge over all n + N rows with divisor n + N − 1 (ddof 1): ppi_py's `_calc_lam_glm` for a mean
 * (grads = Y − θ, grads_hat = Ŷ − θ, inverse Hessian 1, `cov_grads = (1/n)(g_cᵀĝ_c + ĝ_cᵀg_c)`,
 * `np.cov` of the stacked ĝ; aangelopoulos/ppi_py, ppi_py/ppi.py at bd90caa; Angelopoulos,
 * Duchi & Zrnic 2024, "PPI++", Example 6.1). λ̂ = 0 when there is no unlabelled row or the judge
 * is constant (ppi_py would divide by zero). For 0/1 verdicts and labels, the 2 × 2 counts of
 * the labelled rows (m1 = #{y = 1}, m0 = #{y = 0}, and the judge's agreements in each).
 */
import { clusterCountOf, type JudgedSample } from './judgedSample.js';

export interface JudgedSums {
  readonly rows: number;
  /** n, rows with a label. */
  readonly labelled: number;
  /** N, rows without one. */
  readonly unlabelled: number;
  /** K, the clusters the variances sum within (rows when there is no cluster array). */
  readonly clusters: number;
  /** f̄ over every row. */
  readonly meanJudge: number;
  /** f̄_U (NaN when N = 0). */
  readonly meanJudgeUnlabelled: number;
  /** f̄_L (NaN when n = 0). */
  readonly meanJudgeLabelled: number;
  /** ȳ_L (NaN when n = 0). */
  readonly meanLabel: number;
  /** (1/n) Σ_L (y − ȳ)(f − f̄_L). */
  readonly covarianceLabelJudge: number;
  /** Σ_{L∪U} (f − f̄)² / (n + N − 1) (NaN for one row). */
  readonly varianceJudge: number;
  /** PPI++'s λ̂ (module comment). */
  readonly lambdaTuned: number;
  /** Every verdict is 0 or 1. */
  readonly judgeBinary: boolean;
  /** Every label is 0 or 1. */
  readonly labelBinary: boolean;
  /** m1 = #{labelled, y = 1} (binary labels; else NaN). */
  readonly positives: number;
  /** m0 = #{labelled, y = 0}. */
  readonly negatives: number;
  /** #{labelled, y = 1, f = 1} (both binary; else NaN). */
  readonly truePositives: number;
  /** #{labelled, y = 0, f = 0}. */
  readonly trueNegatives: number;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A zeroed {@link JudgedSums} to fill with {@link judgedSumsInto} (reuse one per hot loop). */
export function createJudgedSums(): JudgedSums {
  return judgedSumsInto({ judge: [0], label: [Number.NaN] }, {} as JudgedSums);
}

/** The sums of `sample` (rows unchecked: see checkJudgedSample), in a fresh object. */
export function judgedSums(sample: JudgedSample): JudgedSums {
  return judgedSumsInto(sample, {} as JudgedSums);
}

/** The sums of `sample` written into `target` (allocation-free); returns `target`. */
export function judgedSumsInto(sample: JudgedSample, target: JudgedSums): JudgedSums {
  const out = target as Mutable<JudgedSums>;
  const { judge, label } = sample;
  const rows = judge.length;
  let n = 0;
  let sumF = 0;
  let sumFL = 0;
  let sumY = 0;
  let judgeBinary = true;
  let labelBinary = true;
  let positives = 0;
  let truePositives = 0;
  let trueNegatives = 0;
  for (let i = 0; i < rows; i++) {
    const f = judge[i];
    const y = label[i];
    sumF += f;
    if (f !== 0 && f !== 1) judgeBinary = false;
    if (Number.isNaN(y)) continue;
    n++;
    sumFL += f;
    sumY += y;
    if (y === 1) {
      positives++;
      if (f === 1) truePositives++;
    } else if (y === 0) {
      if (f === 0) trueNegatives++;
    } else labelBinary = false;
  }
  const N = rows - n;
  const meanJudge = sumF / rows;
  const meanJudgeLabelled = n > 0 ? sumFL / n : Number.NaN;
  const meanLabel = n > 0 ? sumY / n : Number.NaN;
  const meanJudgeUnlabelled = N > 0 ? (sumF - sumFL) / N : Number.NaN;
  let cross = 0;
  let squares = 0;
  for (let i = 0; i < rows; i++) {
    const f = judge[i];
    const df = f - meanJudge;
    squares += df * df;
    const y = label[i];
    if (!Number.isNaN(y)) cross += (y - meanLabel) * (f - meanJudgeLabelled);
  }
  const covarianceLabelJudge = n > 0 ? cross / n : Number.NaN;
  const varianceJudge = rows > 1 ? squares / (rows - 1) : Number.NaN;
  let lambdaTuned = 0;
  if (n > 0 && N > 0 && varianceJudge > 0) {
    const raw = covarianceLabelJudge / ((1 + n / N) * varianceJudge);
    lambdaTuned = Math.min(1, Math.max(0, raw));
  }
  const binary = judgeBinary && labelBinary;
  out.rows = rows;
  out.labelled = n;
  out.unlabelled = N;
  out.clusters = clusterCountOf(sample);
  out.meanJudge = meanJudge;
  out.meanJudgeUnlabelled = meanJudgeUnlabelled;
  out.meanJudgeLabelled = meanJudgeLabelled;
  out.meanLabel = meanLabel;
  out.covarianceLabelJudge = covarianceLabelJudge;
  out.varianceJudge = varianceJudge;
  out.lambdaTuned = lambdaTuned;
  out.judgeBinary = judgeBinary;
  out.labelBinary = labelBinary;
  out.positives = labelBinary ? positives : Number.NaN;
  out.negatives = labelBinary ? n - positives : Number.NaN;
  out.truePositives = binary ? truePositives : Number.NaN;
  out.trueNegatives = binary ? trueNegatives : Number.NaN;
  return out;
}
