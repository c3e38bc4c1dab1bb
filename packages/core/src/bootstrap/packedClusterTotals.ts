/**
 * Each cluster's total and size in one 32-bit integer, so that a cluster-bootstrap resample's
 * two sums (clusterBootstrapInterval.ts: Σ_j S_{i_j} and Σ_j n_{i_j}) come from one integer sum:
 *
 *   v_g = S_g·2^s + n_g,  with 2^s > K·max_g n_g,
 *   Σ_j v_{i_j} = (Σ_j S_{i_j})·2^s + Σ_j n_{i_j}   (j = 1 … K),
 *
 * and since 0 ≤ Σ_j n_{i_j} ≤ K·max n < 2^s the two sums are read back exactly as
 * Σ S = ⌊v / 2^s⌋ (v >>> s) and Σ n = v mod 2^s (v & (2^s − 1)).
 * Usable when every S_g and n_g is a non-negative integer and K·(max S·2^s + max n) < 2³¹:
 * every partial sum of K packed values is then a non-negative int32, so 32-bit integer
 * additions are exact. (Positional packing of two counters in one word; the same numbers as
 * summing S and n separately, since integer sums are exact.)
 */
import type { ClusterTotals } from '../clustered/clusterTotals.js';
import { pow } from '../math/pow.js';

const TWO_31 = 2147483648;

/**
 * Fills out[0 … K−1] with v_g = S_g·2^s + n_g and returns s, the smallest shift with
 * 2^s > K·max n; returns −1 (out unspecified) when the totals cannot be packed (a negative or
 * fractional S_g or n_g, or a sum of K values that could reach 2³¹). `out.length` ≥ K.
 */
export function packClusterTotals(t: ClusterTotals, out: Int32Array): number {
  const k = t.count;
  let maxTotal = 0;
  let maxSize = 0;
  for (let g = 0; g < k; g++) {
    const total = t.totals[g];
    const size = t.sizes[g];
    if (!(Number.isInteger(total) && Number.isInteger(size) && total >= 0 && size >= 0)) return -1;
    if (total > maxTotal) maxTotal = total;
    if (size > maxSize) maxSize = size;
  }
  let shift = 0;
  while (pow(2, shift) <= k * maxSize) shift++;
  if (!(k * (maxTotal * pow(2, shift) + maxSize) < TWO_31)) return -1;
  const scale = pow(2, shift);
  for (let g = 0; g < k; g++) out[g] = t.totals[g] * scale + t.sizes[g];
  return shift;
}
