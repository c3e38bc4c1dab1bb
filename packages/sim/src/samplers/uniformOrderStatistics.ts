/**
 * Selected order statistics of B independent uniforms, drawn jointly and exactly without
 * drawing the other B − r uniforms, by the exponential-spacings representation (Rényi 1953;
 * Devroye 1986, Non-Uniform Random Variate Generation, §V.2, Thm 2.2): with E₁ … E_{B+1}
 * i.i.d. Exp(1) and S_j = E₁ + … + E_j,
 *
 *   (U_(1), …, U_(B)) has the law of (S₁/S_{B+1}, …, S_B/S_{B+1}).
 *
 * For ranks j₁ < … < j_r only S_{j₁}, …, S_{j_r}, S_{B+1} are needed, and their increments
 * S_{j₁}, S_{j₂} − S_{j₁}, …, S_{B+1} − S_{j_r} are independent Gamma(j₁), Gamma(j₂ − j₁), …,
 * Gamma(B + 1 − j_r) variables (sums of disjoint sets of the E's): r + 1 gamma draws give
 * the r order statistics with exactly their joint distribution. Marginally
 * U_(j) ~ Beta(j, B − j + 1).
 *
 * Use: the order statistics of B draws X_b = F⁻¹(U_b) of any distribution are
 * X_(j) = F⁻¹(U_(j)) jointly for all j (F⁻¹ is non-decreasing), so a percentile of B
 * resamples needs only r table inversions (binaryBootstrapQuantiles.ts).
 */
import { InputError } from '@evalsim/core';
import { sampleGamma } from './gamma.js';
import type { UniformSource } from './source.js';

/**
 * Writes U_(ranks[i]) of `count` i.i.d. uniforms into out[i] for i < rankCount; `ranks` are
 * 1-based and strictly increasing in [1, count]. Allocation-free.
 */
export function sampleUniformOrderStatistics(
  src: UniformSource,
  count: number,
  ranks: ArrayLike<number>,
  rankCount: number,
  out: Float64Array,
): void {
  if (!(Number.isInteger(count) && count >= 1)) {
    throw new InputError('count', `must be an integer ≥ 1, got ${count}`);
  }
  let previous = 0;
  let sum = 0;
  for (let i = 0; i < rankCount; i++) {
    const rank = ranks[i];
    if (!(Number.isInteger(rank) && rank > previous && rank <= count)) {
      throw new InputError('ranks', `must be strictly increasing integers in [1, ${count}], got ${rank}`);
    }
    sum += sampleGamma(src, rank - previous);
    out[i] = sum;
    previous = rank;
  }
  const total = sum + sampleGamma(src, count + 1 - previous);
  for (let i = 0; i < rankCount; i++) out[i] /= total;
}
