/**
 * Is the labelled slice a random sample of the judged rows? PPI and the Rogan–Gladen correction
 * assume it is (ppi_py: the labelled data are i.i.d. from the same distribution as the
 * unlabelled). Two checks per system and one across systems, each a warning when its p-value is
 * below {@link SLICE_ALPHA} (0.01: a random slice sets it off once in a hundred evals per check):
 *
 * - the judge's mean on the labelled rows against the unlabelled ones, f̄_L − f̄_U, a z test with
 *   the cluster-robust SE of core's `labelledGap` (a slice of easy or hard questions shows here);
 * - with named clusters, the labelled share across clusters (core `labelledShareTest`, Pearson's
 *   χ² with G − 1 df: labels concentrated in some subjects);
 * - with several systems, the labelled share across systems (labels for some systems only, or
 *   far more for one: the same χ² over systems).
 */
import {
  type JudgedSample,
  type JudgedWork,
  judgedInfluence,
  type LabelledShareTest,
  labelledShareTest,
  normalSf,
  sumOfSquares,
} from '@evalsim/core';

/** Below this p-value a slice check warns. */
export const SLICE_ALPHA = 0.01;

export interface LabelledGap {
  /** f̄_L − f̄_U. */
  readonly estimate: number;
  readonly se: number;
  /** Two-sided p of z = estimate/se (1 when se = 0 and estimate = 0). */
  readonly pValue: number;
}

/** f̄_L − f̄_U with its z test, or null without labelled or unlabelled rows. */
export function labelledGapTest(sample: JudgedSample, work: JudgedWork): LabelledGap | null {
  const estimate = judgedInfluence(sample, work.sums, 'labelledGap', work.totals);
  if (Number.isNaN(estimate)) return null;
  const se = Math.sqrt(sumOfSquares(work.totals, work.sums.clusters));
  const pValue = se > 0 ? Math.min(1, 2 * normalSf(Math.abs(estimate / se))) : estimate === 0 ? 1 : 0;
  return { estimate, se, pValue };
}

/** The labelled share of `sample`'s rows across its clusters (χ² test; null with under two clusters). */
export function clusterShareTest(sample: JudgedSample, clusters: number): LabelledShareTest | null {
  if (clusters < 2 || sample.cluster === undefined) return null;
  const rows = new Float64Array(clusters);
  const labelled = new Float64Array(clusters);
  for (let i = 0; i < sample.judge.length; i++) {
    const g = sample.cluster[i];
    rows[g]++;
    if (!Number.isNaN(sample.label[i])) labelled[g]++;
  }
  return labelledShareTest(labelled, rows);
}
