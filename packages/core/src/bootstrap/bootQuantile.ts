/**
 * The quantile rule of R's `boot.ci` (boot 1.3-28, `norm.inter`; Davison & Hinkley 1997,
 * "Bootstrap Methods and their Application", §5.2), used by every bootstrap endpoint
 * in this folder so they reproduce `boot.ci` from the same replicates. For R sorted
 * finite values t₍₁₎ ≤ … ≤ t₍R₎ and a probability α, with r = (R + 1)α and k = ⌊r⌋:
 *
 *   r an integer:  t₍k₎;   k = 0: t₍₁₎;   k = R: t₍R₎;
 *   otherwise      t₍k₎ + (Φ⁻¹(α) − Φ⁻¹(k/(R+1))) / (Φ⁻¹((k+1)/(R+1)) − Φ⁻¹(k/(R+1))) · (t₍k+1₎ − t₍k₎),
 *
 * i.e. interpolation between neighbouring order statistics on the normal-quantile scale.
 * (The resampling intervals `percentileBootstrapInterval` use numpy's linear rule instead,
 * see percentile.ts; the two differ by less than one order-statistic gap.)
 */
import { normalQuantile } from '../distributions/index.js';

/** `norm.inter` quantile at probability alpha ∈ (0, 1) of sorted[0..count). Allocation-free. */
export function bootQuantile(sorted: ArrayLike<number>, count: number, alpha: number): number {
  const rk = (count + 1) * alpha;
  const k = Math.trunc(rk);
  if (k <= 0) return sorted[0];
  if (k >= count) return sorted[count - 1];
  const tk = sorted[k - 1];
  if (k === rk) return tk;
  const lo = normalQuantile(k / (count + 1));
  const hi = normalQuantile((k + 1) / (count + 1));
  return tk + ((normalQuantile(alpha) - lo) / (hi - lo)) * (sorted[k] - tk);
}
