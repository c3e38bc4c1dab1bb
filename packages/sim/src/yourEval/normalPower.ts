/**
 * The normal-approximation power of a two-sided level-α z test of a true gap δ whose
 * estimate, from n units of per-unit variance V, has standard error √(V/n):
 *
 *   power(n) = Φ(|δ|√n/√V − z_{1−α/2})   (+ Φ(−|δ|√n/√V − z_{1−α/2}), the other tail, ignored)
 *
 * — the inverse of the sample-size formulas (core power/sampleSizeFor.ts: at their n, power
 * is exactly the target), as in Miller (2024) eqs. 9–10 and Chow, Shao & Wang (2008) §3.2.
 */
import { normalCdf, normalQuantile } from '@evalsim/core';

export function normalPower(delta: number, variance: number, n: number, alpha = 0.05): number {
  if (!(variance > 0)) throw new RangeError(`variance: must be > 0, got ${variance}`);
  if (!(n > 0)) throw new RangeError(`n: must be > 0, got ${n}`);
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha: must be in (0, 1), got ${alpha}`);
  return normalCdf((Math.abs(delta) * Math.sqrt(n)) / Math.sqrt(variance) - normalQuantile(1 - alpha / 2));
}
