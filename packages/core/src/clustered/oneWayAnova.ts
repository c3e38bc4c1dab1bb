/**
 * One-way random-effects ANOVA mean squares with unequal group sizes (Searle,
 * Casella & McCulloch 1992, "Variance Components", §3.5; Donner 1986):
 *
 *   MSB = Σ_g n_g (ȳ_g − ȳ)² / (K − 1),   MSW = Σ_g Σ_{i∈g} (y_i − ȳ_g)² / (N − K),
 *   n₀  = (N − Σ_g n_g² / N) / (K − 1)   (the "average" group size; n₀ = m when equal, n₀ ≥ 1).
 */
import { InputError } from '../validate.js';
import type { ClusterTotals } from './clusterTotals.js';
import { grandMeanOfTotals, itemCountOfTotals, residualTotal, withinSumOfSquares } from './totalsMoments.js';

/** Mean squares of the one-way ANOVA of items on clusters. */
export interface OneWayAnova {
  betweenMeanSquare: number;
  withinMeanSquare: number;
  /** n₀ = (N − Σn_g²/N)/(K − 1). */
  averageClusterSize: number;
  /** K − 1. */
  betweenDf: number;
  /** N − K. */
  withinDf: number;
}

/** A fresh result object for {@link oneWayAnovaFromTotals}'s `out`. */
export function createOneWayAnova(): OneWayAnova {
  return { betweenMeanSquare: 0, withinMeanSquare: 0, averageClusterSize: 0, betweenDf: 0, withinDf: 0 };
}

/**
 * MSB, MSW and n₀ from cluster totals, written into `out` (allocation-free when `out`
 * is reused). Needs K ≥ 2 and N > K (some cluster with two or more items), else
 * throws {@link InputError} naming `clusters`.
 */
export function oneWayAnovaFromTotals(t: ClusterTotals, out: OneWayAnova = createOneWayAnova()): OneWayAnova {
  const n = itemCountOfTotals(t);
  const k = t.count;
  if (n <= k) {
    throw new InputError(
      'clusters',
      `one-way ANOVA needs a cluster with at least 2 items (N − K > 0), got N = ${n}, K = ${k}`,
    );
  }
  const mean = grandMeanOfTotals(t, n);
  let between = 0;
  let within = 0;
  let sumSizeSquares = 0;
  for (let g = 0; g < k; g++) {
    const size = t.sizes[g];
    const r = residualTotal(t, g, mean);
    between += (r * r) / size;
    within += withinSumOfSquares(t, g);
    sumSizeSquares += size * size;
  }
  return oneWayAnovaFromSums(between, within, n, k, sumSizeSquares, out);
}

/**
 * The mean squares and n₀ from the sums of squares SSB = Σ_g n_g (ȳ_g − ȳ)², SSW, N, K and
 * Σ_g n_g², written into `out` (the last step of {@link oneWayAnovaFromTotals}, for a caller that
 * summed the clusters itself in the same order: then the same numbers). Unchecked (K ≥ 2, N > K).
 */
export function oneWayAnovaFromSums(
  between: number,
  within: number,
  n: number,
  k: number,
  sumSizeSquares: number,
  out: OneWayAnova,
): OneWayAnova {
  out.betweenDf = k - 1;
  out.withinDf = n - k;
  out.betweenMeanSquare = between / (k - 1);
  out.withinMeanSquare = within / (n - k);
  out.averageClusterSize = (n - sumSizeSquares / n) / (k - 1);
  return out;
}
