/**
 * A weighted mean of per-question scores with its cluster-robust (CR1) standard error — the
 * micro average (w = 1), the macro average over clusters (w_q = 1/n_c: every cluster counts
 * once, MMLU's "average over subjects") and a user-weighted score all in one estimator:
 *
 *   μ̂ = Σ_q w_q x_q / W,   W = Σ_q w_q,
 *   V(μ̂) = K/(K − 1) · Σ_c (Σ_{q∈c} w_q (x_q − μ̂))² / W²,   df = K − 1,
 *
 * the sandwich variance of the intercept of the weighted regression lm(x ~ 1, weights = w)
 * with cluster-robust HC1 (R `sandwich::vcovCL(type = "HC1", cadjust = TRUE)`; the HC1 factor
 * (n − 1)/(n − 1) is 1 for one coefficient). Without clusters pass each question as its own
 * cluster (K = Q): with w = 1 that is s²/Q, the naive SE. For the macro average V reduces to
 * s²(cluster means)/K, the SE of a mean of K cluster means. Weights must be finite and ≥ 0 with
 * a positive total; a cluster whose weights are all 0 still counts in K (it was drawn).
 */

export interface WeightedClusteredMean {
  readonly estimate: number;
  readonly se: number;
  /** K − 1. */
  readonly df: number;
  /** Σ_q w_q, and (Σ w)²/Σ w² — Kish's effective number of questions of the weighting. */
  readonly totalWeight: number;
  readonly kishQuestions: number;
}

/**
 * μ̂ and its CR1 SE for scores `x` with weights `w` (null: all 1) and dense cluster ids
 * `ids` in 0…clusters−1 (see the module doc). `scratch`, if given, has length ≥ clusters.
 */
export function weightedClusteredMean(
  x: ArrayLike<number>,
  w: ArrayLike<number> | null,
  ids: ArrayLike<number>,
  clusters: number,
  scratch: Float64Array = new Float64Array(clusters),
): WeightedClusteredMean {
  const Q = x.length;
  if (w !== null && w.length !== Q) throw new RangeError(`weights: ${w.length} for ${Q} scores`);
  if (ids.length !== Q) throw new RangeError(`ids: ${ids.length} for ${Q} scores`);
  if (!(Number.isInteger(clusters) && clusters >= 2))
    throw new RangeError(`clusters: needs at least 2, got ${clusters}`);
  let W = 0;
  let W2 = 0;
  let sum = 0;
  for (let q = 0; q < Q; q++) {
    const wq = w === null ? 1 : w[q];
    if (!(Number.isFinite(wq) && wq >= 0))
      throw new RangeError(`weights[${q}]: must be finite and ≥ 0, got ${wq}`);
    W += wq;
    W2 += wq * wq;
    sum += wq * x[q];
  }
  if (!(W > 0)) throw new RangeError('weights: the total weight must be positive');
  const estimate = sum / W;
  const totals = scratch.subarray(0, clusters);
  totals.fill(0);
  for (let q = 0; q < Q; q++) {
    const g = ids[q];
    if (!(g >= 0 && g < clusters)) throw new RangeError(`ids[${q}]: ${g} is not in 0…${clusters - 1}`);
    totals[g] += (w === null ? 1 : w[q]) * (x[q] - estimate);
  }
  let meat = 0;
  for (let g = 0; g < clusters; g++) meat += totals[g] * totals[g];
  const variance = ((clusters / (clusters - 1)) * meat) / (W * W);
  return { estimate, se: Math.sqrt(variance), df: clusters - 1, totalWeight: W, kishQuestions: (W * W) / W2 };
}
