/**
 * Inversion of a finite discrete distribution through a cdf table and a guide table
 * (Chen & Asau 1974, "On generating random variates from an empirical distribution",
 * AIIE Trans. 6(2); Devroye 1986, Non-Uniform Random Variate Generation, §III.2.4):
 *
 *   X = F⁻¹(u) = min{ x : F(x) > u },   u ∈ [0, 1),
 *   guide[j] = min{ i : cdf[i] > j/g }  (g = number of table values),
 *
 * so a draw is one uniform, one guide lookup and on average fewer than two comparisons
 * (Devroye Thm III.2.3: expected comparisons ≤ 1 + size/g = 2). Inversion is exact: for
 * u uniform on [0, 1), P(X = x) = F(x) − F(x − 1) exactly, so the draws have exactly the
 * table's distribution; the table's own accuracy is stated by whoever fills it
 * (binomialTable.ts, betaBinomialTable.ts). Being monotone, F⁻¹ also maps uniform order
 * statistics to the order statistics of X (uniformOrderStatistics.ts).
 *
 * `fill` builds the table in place from non-negative relative weights (any scale: they are
 * normalised here), growing its arrays only when a larger table is needed, so one table
 * object can be refilled per replication without allocating. The last cdf entry is set to
 * exactly 1, which moves at most the rounding of the normalising sum (≤ size·2⁻⁵³) onto the
 * last value.
 *
 * Settled guide cells (those that a step of the cdf spans with a cell's margin on each side)
 * return their value without a comparison; the others start the search there.
 *
 * `guidePerValue` (default 1) sizes the guide table at g = max(guidePerValue·size, minGuideSize)
 * entries (minGuideSize default 0). Every g
 * gives the same F⁻¹(u) (the same bits); a larger guide only makes the comparisons after the
 * lookup predictable: a guide cell then rarely straddles a cdf step, which makes a table that is
 * built once and inverted millions of times (itemOutcomeTable.ts) cheaper to invert, the branch
 * mispredictions of the short search being most of a draw's cost.
 */
import { InputError } from '@evalsim/core';
import type { UniformSource } from './source.js';

export class DiscreteTable {
  /** Guide entries per table value (≥ 1). */
  readonly guidePerValue: number;
  /** Number of guide entries: guidePerValue · size. */
  guideSize = 0;
  /** The value of table entry 0 (entry i stands for first + i). */
  first = 0;
  /** Number of values in the table. */
  size = 0;
  /** cdf[i] = P(X ≤ first + i); cdf[size − 1] = 1. */
  cdf: Float64Array = new Float64Array(0);
  /**
   * guide[j] = i = min{ i : cdf[i] > j/guideSize } when cell j is settled (every u the lookup
   * sends to cell j has F⁻¹(u) = i), else ~i = −(i + 1): the search starts at i.
   */
  guide: Int32Array = new Int32Array(0);
  private weights: Float64Array = new Float64Array(0);

  /** Lower bound on the number of guide entries (0: none). */
  readonly minGuideSize: number;

  constructor(guidePerValue = 1, minGuideSize = 0) {
    if (!(Number.isInteger(guidePerValue) && guidePerValue >= 1 && guidePerValue <= 64)) {
      throw new InputError('guidePerValue', `must be an integer in [1, 64], got ${guidePerValue}`);
    }
    if (!(Number.isInteger(minGuideSize) && minGuideSize >= 0 && minGuideSize <= 1 << 20)) {
      throw new InputError('minGuideSize', `must be an integer in [0, 2^20], got ${minGuideSize}`);
    }
    this.guidePerValue = guidePerValue;
    this.minGuideSize = minGuideSize;
  }

  /**
   * A scratch array of at least `count` entries for a filler to write relative weights
   * into before calling {@link fill} (grown, never shrunk; contents unspecified).
   */
  weightBuffer(count: number): Float64Array {
    if (this.weights.length < count)
      this.weights = new Float64Array(Math.max(count, 2 * this.weights.length));
    return this.weights;
  }

  /**
   * Rebuilds the table for values first … first + count − 1 with relative weights
   * weights[0 … count − 1] (≥ 0, finite, not all 0). Returns this.
   */
  fill(weights: ArrayLike<number>, first: number, count: number): this {
    if (!(Number.isInteger(count) && count >= 1 && count <= weights.length)) {
      throw new InputError('count', `must be an integer in [1, ${weights.length}], got ${count}`);
    }
    let total = 0;
    for (let i = 0; i < count; i++) {
      const w = weights[i];
      if (!(w >= 0 && w < Number.POSITIVE_INFINITY)) {
        throw new InputError('weights', `entry ${i} must be finite and ≥ 0, got ${w}`);
      }
      total += w;
    }
    if (!(total > 0 && total < Number.POSITIVE_INFINITY)) {
      throw new InputError('weights', `must have a positive finite sum, got ${total}`);
    }
    const guideSize = Math.max(count * this.guidePerValue, this.minGuideSize);
    if (this.cdf.length < count) this.cdf = new Float64Array(count);
    if (this.guide.length < guideSize) this.guide = new Int32Array(guideSize);
    const { cdf, guide } = this;
    let running = 0;
    for (let i = 0; i < count; i++) {
      running += weights[i];
      cdf[i] = Math.min(running / total, 1);
    }
    cdf[count - 1] = 1;
    let i = 0;
    for (let j = 0; j < guideSize; j++) {
      const threshold = j / guideSize;
      while (cdf[i] <= threshold) i++;
      // ⌊u·g⌋ = j puts u within ((j − 1)/g, (j + 2)/g) whatever the product's rounding, so a cell
      // whose value's cdf step spans that whole range needs no comparison at all.
      const settled = (i === 0 || cdf[i - 1] <= (j - 1) / guideSize) && cdf[i] >= (j + 2) / guideSize;
      guide[j] = settled ? i : ~i;
    }
    this.first = first;
    this.size = count;
    this.guideSize = guideSize;
    return this;
  }

  /** F⁻¹(u) = min{ x : F(x) > u } for u in [0, 1) (allocation-free; u ≥ 1 gives the last value). */
  quantile(u: number): number {
    const { cdf, size } = this;
    if (!(u < 1)) return this.first + size - 1;
    const entry = this.guide[Math.floor(u * this.guideSize)];
    if (entry >= 0) return this.first + entry;
    let i = ~entry;
    // The guide is built from j/g, the lookup from ⌊u·g⌋: step back if rounding made them disagree.
    while (i > 0 && cdf[i - 1] > u) i--;
    while (cdf[i] <= u) i++;
    return this.first + i;
  }

  /**
   * out[at + i] = F⁻¹(u[from + i]) for i < count: {@link quantile} in bulk, the same values, with
   * the table's arrays held in locals for the whole loop (allocation-free).
   */
  quantilesInto(u: Float64Array, from: number, count: number, out: Float64Array, at: number): void {
    if (!(from >= 0 && count >= 0 && from + count <= u.length)) {
      throw new InputError('count', `u[${from} … ${from + count}) must lie within u's ${u.length} entries`);
    }
    if (!(at >= 0 && at + count <= out.length)) {
      throw new InputError('out', `out[${at} … ${at + count}) must lie within out's ${out.length} entries`);
    }
    const { cdf, guide, guideSize, first } = this;
    const last = this.size - 1;
    for (let j = 0; j < count; j++) {
      const x = u[from + j];
      let i: number;
      if (!(x < 1)) i = last;
      else {
        i = guide[Math.floor(x * guideSize)];
        if (i < 0) {
          i = ~i;
          while (i > 0 && cdf[i - 1] > x) i--;
          while (cdf[i] <= x) i++;
        }
      }
      out[at + j] = first + i;
    }
  }

  /** One draw: F⁻¹(U) with U uniform on [0, 1) from `src`. */
  sample(src: UniformSource): number {
    return this.quantile(src.uniform());
  }
}
