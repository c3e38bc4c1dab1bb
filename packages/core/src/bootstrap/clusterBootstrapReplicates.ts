/**
 * Replicates of the cluster ("pairs cluster") bootstrap of a mean, for the endpoint
 * functions that take given replicates (bootstrapBasic, bootstrapStudentized, bootstrapBca):
 * each of R resamples draws K clusters with replacement — whole clusters, with their sizes —
 * and records
 *
 *   ȳ*_b = Σ_j S_{i_bj} / N*_b,   N*_b = Σ_j n_{i_bj},   i_bj ∈ {0 … K−1} the j-th cluster drawn,
 *
 * and, when `ses` is given, the resample's own CR1 cluster-robust standard error, its K
 * drawn clusters treated as K distinct clusters (cr1Variance.ts):
 *
 *   se*_b = √( K/(K−1) · Σ_j (S_{i_bj} − ȳ*_b · n_{i_bj})² ) / N*_b,
 *
 * the per-resample SE the studentized (bootstrap-t) interval divides by (Davison & Hinkley
 * 1997, §5.2; Cameron, Gelbach & Miller 2008, "Bootstrap-based improvements for inference
 * with clustered errors", §3: the pairs cluster bootstrap-t). The residual sum is taken in a
 * second pass over the drawn clusters (no cancellation). Same draws, same means as
 * {@link clusterBootstrapInterval}. Randomness is the caller's `draw`; allocation-free.
 */
import type { ClusterTotals } from '../clustered/clusterTotals.js';
import { assertInteger, InputError } from '../validate.js';
import type { DrawClusterIndices } from './clusterBootstrapInterval.js';

/**
 * Fills means[b] (and ses[b] when `ses` is not null) for b = 0 … means.length − 1, each
 * resample's K cluster indices drawn into `indices` (length K = t.count ≥ 2) by `draw`.
 */
export function clusterBootstrapReplicates(
  t: ClusterTotals,
  draw: DrawClusterIndices,
  indices: Int32Array,
  means: Float64Array,
  ses: Float64Array | null,
): void {
  const k = t.count;
  assertInteger('t.count', k, 2);
  if (indices.length !== k) {
    throw new InputError(
      'indices',
      `must have length K = ${k} (one slot per drawn cluster), got ${indices.length}`,
    );
  }
  if (ses !== null && ses.length < means.length) {
    throw new InputError(
      'ses',
      `must hold at least ${means.length} values (one per resample), got ${ses.length}`,
    );
  }
  const { sizes, totals } = t;
  const factor = k / (k - 1);
  for (let b = 0; b < means.length; b++) {
    draw(indices);
    let total = 0;
    let items = 0;
    for (let j = 0; j < k; j++) {
      const g = indices[j];
      total += totals[g];
      items += sizes[g];
    }
    const mean = total / items;
    means[b] = mean;
    if (ses === null) continue;
    let residuals = 0;
    for (let j = 0; j < k; j++) {
      const g = indices[j];
      const r = totals[g] - mean * sizes[g];
      residuals += r * r;
    }
    ses[b] = Math.sqrt(factor * residuals) / items;
  }
}
