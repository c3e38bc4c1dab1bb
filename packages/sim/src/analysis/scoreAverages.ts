/**
 * The three averages of a system's per-question scores (or a pair's differences), each with
 * its SE and t interval from core's weightedClusteredMean (CR1, df K − 1 — with clusters the
 * clustered SE, without them every question its own cluster, the naive s/√Q):
 *
 * - micro: every question counts once (the score analyze reports);
 * - macro: every cluster counts once, μ = mean_c of the cluster means (MMLU's "average over
 *   subjects"; only with clusters; a question without a cluster counts as a cluster of its own);
 * - weighted: the user's weights (scoreWeights.ts), when given.
 */
import { differenceTest, weightedClusteredMean } from '@evalsim/core';
import type { ClusterLayout } from './clusterLayout.js';

export interface Average {
  readonly estimate: number;
  readonly se: number;
  readonly df: number;
  readonly lower: number;
  readonly upper: number;
  /** The t test of 0 (for a pair's difference); null when the SE is 0 (`degenerate`). */
  readonly pValue: number | null;
  /**
   * The SE is 0 (to round-off): every unit has the same mean (e.g. two clusters with equal mean
   * differences), so there is no spread to test against — no p-value, a zero-width interval.
   */
  readonly degenerate: boolean;
}

export interface ScoreAverages {
  readonly micro: Average;
  readonly macro: Average | null;
  readonly weighted: Average | null;
}

/** Per-question weights of the macro average, 1/n_c (null without clusters). */
export function macroWeights(layout: ClusterLayout): Float64Array | null {
  if (!layout.clustered) return null;
  const sizes = new Float64Array(layout.count);
  for (const g of layout.ids) sizes[g]++;
  return Float64Array.from(layout.ids, (g) => 1 / sizes[g]);
}

/** The units the SEs are clustered by: the layout's clusters, or every question its own. */
export interface AverageUnits {
  readonly ids: Int32Array;
  readonly count: number;
}

/** The clusters when the eval has them (K ≥ 2), else every question its own cluster. */
export function averageUnits(layout: ClusterLayout): AverageUnits {
  if (layout.clustered) return { ids: layout.ids, count: layout.count };
  const Q = layout.ids.length;
  return { ids: Int32Array.from({ length: Q }, (_, q) => q), count: Q };
}

function average(
  x: Float64Array,
  w: Float64Array | null,
  units: AverageUnits,
  level: number,
  scratch: Float64Array,
): Average {
  const m = weightedClusteredMean(x, w, units.ids, units.count, scratch);
  // An SE at the round-off level of the data (the residuals of equal unit means are ~1e-17, not 0)
  // is 0: a t test on it would print p ≈ 1e-16 for what is no evidence at all.
  let scale = 1;
  for (let i = 0; i < x.length; i++) scale = Math.max(scale, Math.abs(x[i]));
  const se = m.se <= 1e-12 * scale ? 0 : m.se;
  const t = differenceTest(m.estimate, se, level, m.df, '');
  return {
    estimate: m.estimate,
    se,
    df: m.df,
    lower: t.lower,
    upper: t.upper,
    pValue: se === 0 ? null : t.pValue,
    degenerate: se === 0,
  };
}

/**
 * The averages of `x` (per-question scores or differences) clustered by `units`; `macro` and
 * `weighted` are the per-question weights (null: that average is not reported); `scratch` has
 * length ≥ the units' count.
 */
export function scoreAverages(
  x: Float64Array,
  units: AverageUnits,
  level: number,
  macro: Float64Array | null,
  weighted: Float64Array | null,
  scratch: Float64Array,
): ScoreAverages {
  return {
    micro: average(x, null, units, level, scratch),
    macro: macro ? average(x, macro, units, level, scratch) : null,
    weighted: weighted ? average(x, weighted, units, level, scratch) : null,
  };
}
