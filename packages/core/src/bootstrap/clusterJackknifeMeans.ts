/**
 * Leave-one-cluster-out (grouped jackknife) means of clustered scores, the jackknife
 * estimates behind the BCa acceleration when whole clusters are resampled (Efron &
 * Tibshirani 1993, §14.3 and §11.2; Davison & Hinkley 1997, §3.8, the jackknife over the
 * resampled units — here clusters):
 *
 *   θ₍g₎ = (S − S_g) / (N − n_g),   S = Σ_g S_g,  N = Σ_g n_g,  g = 0 … K−1.
 *
 * Feed them to jackknifeAcceleration(Of). Allocation-free; K ≥ 2 clusters of ≥ 1 item.
 */
import type { ClusterTotals } from '../clustered/clusterTotals.js';
import { assertInteger, InputError } from '../validate.js';

/** Writes θ₍g₎ into out[g] for g < K = t.count (out.length ≥ K). Returns `out`. */
export function clusterJackknifeMeans(t: ClusterTotals, out: Float64Array): Float64Array {
  const k = t.count;
  assertInteger('t.count', k, 2);
  if (out.length < k) throw new InputError('out', `must hold K = ${k} values, got ${out.length}`);
  let total = 0;
  let items = 0;
  for (let g = 0; g < k; g++) {
    total += t.totals[g];
    items += t.sizes[g];
  }
  for (let g = 0; g < k; g++) out[g] = (total - t.totals[g]) / (items - t.sizes[g]);
  return out;
}
