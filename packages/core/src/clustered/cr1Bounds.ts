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
 *
 * `fromEqualSizeSums(K, m, S, Q, out)`: the same interval without a pass over the clusters, when
 * all K clusters have m items and the caller knows S = Σ S_g and Q = Σ S_g² (integers: 0/1 or
 * integer scores). With N = K·m and ȳ = S/N, Σ_g (S_g − m ȳ)² = Q − S²/K, so
 *
 *   Var = (K·Q − S²) / ((K − 1)·N²),
 *
 * whose numerator and denominator are exact integers below 2⁵³ (checked; else it returns false
 * and writes nothing): one rounded division and a square root, so the standard error is within
 * an ulp or two of the exact value (the two-pass sum above rounds K times; the two agree to
 * ≈ 1e-14 relative, not bit for bit). ȳ is the same S/N as above.
 */
import { normalCritical } from '../distributions/normal.js';
import { tCritical } from '../distributions/studentT.js';
import type { TCriticalOf } from '../distributions/tCriticalMemo.js';
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
export interface Cr1BoundsFunction {
  (t: ClusterTotals, out: ClusteredBounds): void;
  /** The same interval from K clusters of m items with S = Σ S_g, Q = Σ S_g² (false: not exact, nothing written). */
  fromEqualSizeSums(K: number, m: number, S: number, Q: number, out: ClusteredBounds): boolean;
}

/**
 * The CR1 bounds function at `level` (default 0.95) with a t(K − 1) (default) or z critical value;
 * `tCriticalOf` (default core {@link tCritical}) computes a t critical value when K changes — a
 * caller may pass a memo of it shared by many bounds functions (same values).
 */
export function createCr1Bounds(
  level = 0.95,
  critical: ClusteredCritical = 't',
  tCriticalOf: TCriticalOf = tCritical,
): Cr1BoundsFunction {
  assertLevel(level);
  if (critical !== 'z' && critical !== 't') {
    throw new InputError('critical', `must be 'z' or 't', got ${JSON.stringify(critical)}`);
  }
  let cachedK = -1;
  let c = critical === 'z' ? normalCritical(level) : Number.NaN;
  const criticalFor = (K: number): number => {
    if (critical === 't' && K !== cachedK) {
      cachedK = K;
      c = tCriticalOf(level, K - 1);
    }
    return c;
  };
  const write = (mean: number, se: number, crit: number, out: ClusteredBounds): void => {
    out.estimate = mean;
    out.standardError = se;
    out.lower = mean - crit * se;
    out.upper = mean + crit * se;
  };
  const bounds = (t: ClusterTotals, out: ClusteredBounds): void => {
    const K = t.count;
    const c = criticalFor(K);
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
    write(mean, Math.sqrt(((K / (K - 1)) * squares) / (n * n)), c, out);
  };
  const fromEqualSizeSums = (K: number, m: number, S: number, Q: number, out: ClusteredBounds): boolean => {
    const n = K * m;
    const numerator = K * Q - S * S;
    const denominator = (K - 1) * n * n;
    if (!(Number.isSafeInteger(K * Q) && Number.isSafeInteger(S * S) && Number.isSafeInteger(denominator)))
      return false;
    if (!(K >= 2 && numerator >= 0)) return false;
    write(S / n, Math.sqrt(numerator / denominator), criticalFor(K), out);
    return true;
  };
  return Object.assign(bounds, { fromEqualSizeSums });
}
