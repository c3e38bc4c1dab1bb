/**
 * Multinomial(n; p₁ … p_K) counts by conditional binomials (the textbook sequential method,
 * e.g. Devroye 1986, "Non-Uniform Random Variate Generation", XI.1.5, and numpy's
 * `Generator.multinomial`): x₁ ~ Binomial(n, p₁), then x_k ~ Binomial(n − Σ_{j<k} x_j,
 * p_k / (1 − Σ_{j<k} p_j)), stopping when nothing is left. Exact in distribution; K binomial
 * draws at most (each exact, binomial.ts). The probabilities are given as non-negative weights
 * (counts, for a bootstrap over unique rows: p_k = w_k / Σw), so no normalisation error piles up:
 * the remaining weight is recomputed as a running difference of an exactly summed total.
 */
import { InputError } from '@evalsim/core';
import { sampleBinomial } from './binomial.js';
import type { UniformSource } from './source.js';

/** out[k] = the count of category k among n draws with probabilities ∝ weights (out.length ≥ K). */
export function sampleMultinomial(
  src: UniformSource,
  n: number,
  weights: ArrayLike<number>,
  out: Float64Array | Int32Array,
): void {
  const K = weights.length;
  if (out.length < K) throw new InputError('out', `must hold ${K} counts, got ${out.length}`);
  let total = 0;
  for (let k = 0; k < K; k++) {
    const w = weights[k];
    if (!(w >= 0 && Number.isFinite(w)))
      throw new InputError('weights', `entry ${k} is ${w}, not a finite weight ≥ 0`);
    total += w;
  }
  if (!(total > 0) && n > 0) throw new InputError('weights', 'sum to 0');
  let left = n;
  let rest = total;
  for (let k = 0; k < K; k++) {
    const w = weights[k];
    if (left === 0 || w === 0) {
      out[k] = 0;
    } else if (k === K - 1 || w >= rest) {
      out[k] = left;
      left = 0;
    } else {
      const x = sampleBinomial(src, left, w / rest);
      out[k] = x;
      left -= x;
    }
    rest -= w;
  }
}
