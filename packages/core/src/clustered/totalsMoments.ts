/**
 * Internal, allocation-free moments of {@link ClusterTotals} shared by the
 * clustered estimators: validation with the item count N = Σ n_g, the grand mean
 * ȳ = Σ S_g / N, the residual total of a cluster T_g = Σ_{i∈g}(y_i − ȳ) = S_g − n_g·ȳ,
 * and its residual sum of squares Σ_{i∈g}(y_i − ȳ)² split as
 * within (Q_g − S_g²/n_g) + between (T_g²/n_g), which avoids the cancellation of
 * Q_g − 2ȳS_g + n_gȳ².
 */
import { InputError } from '../validate.js';
import type { ClusterTotals } from './clusterTotals.js';

/**
 * Checks `t` (K ≥ 2 clusters, sizes integers ≥ 1, finite totals) and returns N = Σ n_g.
 * Throws {@link InputError} naming `clusters` (fewer than 2 clusters, bad sizes) or
 * `scores` (non-finite totals).
 */
export function itemCountOfTotals(t: ClusterTotals): number {
  const K = t.count;
  if (!Number.isInteger(K) || K < 2) {
    throw new InputError('clusters', `needs at least 2 clusters, got ${K}`);
  }
  if (t.sizes.length < K || t.totals.length < K || t.sumSquares.length < K) {
    throw new InputError(
      'clusters',
      `sizes, totals and sumSquares must each hold at least count = ${K} entries`,
    );
  }
  let n = 0;
  for (let g = 0; g < K; g++) {
    const size = t.sizes[g];
    if (!Number.isInteger(size) || size < 1) {
      throw new InputError('clusters', `cluster sizes must be integers ≥ 1; size ${g} is ${size}`);
    }
    const total = t.totals[g];
    const squares = t.sumSquares[g];
    if (!Number.isFinite(total) || !Number.isFinite(squares) || squares < 0) {
      throw new InputError('scores', `cluster ${g} has a non-finite total or sum of squares`);
    }
    n += size;
  }
  return n;
}

/** ȳ = Σ_g S_g / N. */
export function grandMeanOfTotals(t: ClusterTotals, itemCount: number): number {
  let sum = 0;
  for (let g = 0; g < t.count; g++) sum += t.totals[g];
  return sum / itemCount;
}

/** T_g = S_g − n_g·ȳ, cluster g's sum of residuals from the grand mean. */
export function residualTotal(t: ClusterTotals, g: number, mean: number): number {
  return t.totals[g] - t.sizes[g] * mean;
}

/** Σ_{i∈g}(y_i − ȳ_g)² = Q_g − S_g²/n_g (clamped at 0 against rounding). */
export function withinSumOfSquares(t: ClusterTotals, g: number): number {
  const total = t.totals[g];
  const ss = t.sumSquares[g] - (total * total) / t.sizes[g];
  return Math.max(ss, 0);
}

/** Σ_{i∈g}(y_i − ȳ)² = within + T_g²/n_g. */
export function residualSumOfSquares(t: ClusterTotals, g: number, mean: number): number {
  const r = residualTotal(t, g, mean);
  return withinSumOfSquares(t, g) + (r * r) / t.sizes[g];
}

/** Σ_g T_g², the sum of squared cluster residual totals (Liang–Zeger "meat" for X = 1). */
export function sumSquaredResidualTotals(t: ClusterTotals, mean: number): number {
  let sum = 0;
  for (let g = 0; g < t.count; g++) {
    const r = residualTotal(t, g, mean);
    sum += r * r;
  }
  return sum;
}
