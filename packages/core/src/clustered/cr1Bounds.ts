/**
 * The CR1 clustered interval's per-replication form: the same numbers as
 * {@link clusteredIntervalFromTotals} with `estimator: 'cr1'`, bit for bit, without its
 * per-call checks and without recomputing the critical value when K has not changed
 * (a t quantile costs more than the whole variance for K = 1,000 clusters):
 *
 *   ȳ = Σ S_g / N,  Var = K/(K−1) · Σ_g (S_g − n_g ȳ)² / N²   (Liang & Zeger 1986; cr1Variance.ts),
 *   [ȳ − c·√Var, ȳ + c·√Var],  c = t_{K−1, 1−α/2} (`'t'`, Cameron & Miller 2015 §VI.C) or z_{1−α/2}.
 *
 * Same arithmetic in the same order as cr1ClusteredVariance (itemCountOfTotals, grandMeanOfTotals
 * and sumSquaredResidualTotals of totalsMoments.ts, fused into two passes), so results are
 * identical. Inputs are NOT checked (K ≥ 2, integer sizes ≥ 1, finite totals are the caller's
 * promise, as for the `…Bounds` interval functions); a caller that cannot promise it should use
 * clusteredIntervalFromTotals, which throws.
 */
import { normalCritical } from '../distributions/normal.js';
import { tCritical } from '../distributions/studentT.js';
import { assertLevel, InputError } from '../validate.js';
import type { ClusteredCritical } from './clusteredInterval.js';
import type { ClusterTotals } from './clusterTotals.js';

/** Output of {@link createCr1Bounds}'s function (a ClusteredInterval fits). */
export interface ClusteredBounds {
  estimate: number;
  standardError: number;
  lower: number;
  upper: number;
}

/** Allocation-free CR1 bounds from cluster totals, critical value cached per K. */
export type Cr1BoundsFunction = (t: ClusterTotals, out: ClusteredBounds) => void;

/** The CR1 bounds function at `level` (default 0.95) with a t(K − 1) (default) or z critical value. */
export function createCr1Bounds(level = 0.95, critical: ClusteredCritical = 't'): Cr1BoundsFunction {
  assertLevel(level);
  if (critical !== 'z' && critical !== 't') {
    throw new InputError('critical', `must be 'z' or 't', got ${JSON.stringify(critical)}`);
  }
  let cachedK = -1;
  let c = critical === 'z' ? normalCritical(level) : Number.NaN;
  return (t, out) => {
    const K = t.count;
    if (critical === 't' && K !== cachedK) {
      cachedK = K;
      c = tCritical(level, K - 1);
    }
    // N and Σ S_g in one pass: each sum keeps its order, so both equal the two-pass values.
    const { sizes, totals } = t;
    let n = 0;
    let sum = 0;
    for (let g = 0; g < K; g++) {
      n += sizes[g];
      sum += totals[g];
    }
    const mean = sum / n;
    let squares = 0;
    for (let g = 0; g < K; g++) {
      const r = totals[g] - sizes[g] * mean;
      squares += r * r;
    }
    const se = Math.sqrt(((K / (K - 1)) * squares) / (n * n));
    out.estimate = mean;
    out.standardError = se;
    out.lower = mean - c * se;
    out.upper = mean + c * se;
  };
}
