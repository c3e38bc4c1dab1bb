/**
 * Paired difference with a cluster-robust standard error: pair first, then cluster
 * (seed 001, "Comparing two models"). With d_i = a_i − b_i, clusters g = 1…K of the
 * N items and T_g = Σ_{i∈g}(d_i − d̄):
 *
 *   SE² = K/(K − 1) · Σ_g T_g² / N²      (Liang–Zeger CR1),
 *   d̄ ± t_{K−1, 1−(1−level)/2}·SE,       t = d̄/SE on K − 1 df.
 *
 * Source: Liang & Zeger (1986); Cameron & Miller (2015) §VI (t_{K−1} for few clusters);
 * seed 001's `paired_clustered_diff`. Equals statsmodels OLS(d, 1) with
 * `cov_type='cluster', use_t=True`. The variance is clustered/'s `cr1ClusteredVariance`
 * applied to the cluster totals of d. Needs K ≥ 2 clusters (InputError otherwise);
 * SE = 0 is flagged `degenerate`.
 */
import { type ClusterId, clusterTotalsFromItems } from '../clustered/clusterTotals.js';
import { cr1ClusteredVariance } from '../clustered/cr1Variance.js';
import { assertLevel, assertSameLength, assertScores } from '../validate.js';
import { type DifferenceTest, differenceTest } from './differenceInference.js';

export interface PairedClusteredDifference extends DifferenceTest {
  /** K, the number of distinct clusters. */
  readonly clusterCount: number;
}

/** Interval and t-test for mean(a − b) with CR1 standard errors clustered by `clusters`. */
export function pairedClusteredDifference(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  clusters: ArrayLike<ClusterId>,
  level = 0.95,
): PairedClusteredDifference {
  assertScores('a', a, 2);
  assertScores('b', b, 2);
  assertSameLength('a', a, 'b', b);
  assertLevel(level);
  const d = new Float64Array(a.length);
  for (let i = 0; i < d.length; i++) d[i] = a[i] - b[i];
  const totals = clusterTotalsFromItems(d, clusters);
  const se = Math.sqrt(cr1ClusteredVariance(totals));
  let sum = 0;
  for (let i = 0; i < d.length; i++) sum += d[i];
  const result = differenceTest(sum / d.length, se, level, totals.count - 1, 'paired-clustered-cr1-t');
  return { ...result, clusterCount: totals.count };
}
