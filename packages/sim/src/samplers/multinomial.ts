/**
 * Multinomial(n; p₁ … p_K) counts, two exact ways:
 *
 * `sampleMultinomial`: by conditional binomials (the textbook sequential method,
 * e.g. Devroye 1986, "Non-Uniform Random Variate Generation", XI.1.5, and numpy's
 * `Generator.multinomial`): x₁ ~ Binomial(n, p₁), then x_k ~ Binomial(n − Σ_{j<k} x_j,
 * p_k / (1 − Σ_{j<k} p_j)), stopping when nothing is left. Exact in distribution; K binomial
 * draws at most (each exact, binomial.ts). The probabilities are given as non-negative weights
 * (counts, for a bootstrap over unique rows: p_k = w_k / Σw), so no normalisation error piles up:
 * the remaining weight is recomputed as a running difference of an exactly summed total.
 *
 * `MultinomialSampler`: the same distribution for repeated draws from one set of weights (a
 * bootstrap's rounds): when n is small next to K (n ≤ 16K) the n draws are made one by one by
 * inversion through a guide table built once (discreteTable.ts: one uniform and about one
 * comparison each), which costs less than K binomials; otherwise conditional binomials. The
 * choice depends only on n and K, so the counts are a fixed function of the stream.
 */
import { InputError } from '@evalsim/core';
import { sampleBinomial } from './binomial.js';
import { DiscreteTable } from './discreteTable.js';
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

/** Below this n/K the categorical draws are cheaper than K binomials. */
const DIRECT_PER_CATEGORY = 16;

/** Multinomial counts of n draws with probabilities ∝ `weights`, repeated (module comment). */
export class MultinomialSampler {
  private readonly table: DiscreteTable | null;
  private readonly uniforms: Float64Array;

  constructor(
    private readonly n: number,
    private readonly weights: ArrayLike<number>,
  ) {
    const K = weights.length;
    this.table = n <= DIRECT_PER_CATEGORY * K ? new DiscreteTable(4).fill(weights, 0, K) : null;
    this.uniforms = new Float64Array(this.table ? n : 0);
  }

  /**
   * out[k] = the count of category k in one multinomial draw. A source with `fillUniform` (every
   * RandomStream) gives its n uniforms in one bulk call — the same numbers as n `uniform()` calls.
   */
  sample(
    src: UniformSource & { fillUniform?(out: Float64Array, count: number): void },
    out: Float64Array | Int32Array,
  ): void {
    const table = this.table;
    if (!table) {
      sampleMultinomial(src, this.n, this.weights, out);
      return;
    }
    out.fill(0, 0, this.weights.length);
    const u = this.uniforms;
    const n = this.n;
    if (src.fillUniform) src.fillUniform(u, n);
    else for (let t = 0; t < n; t++) u[t] = src.uniform();
    for (let t = 0; t < n; t++) out[table.quantile(u[t])]++;
  }
}
