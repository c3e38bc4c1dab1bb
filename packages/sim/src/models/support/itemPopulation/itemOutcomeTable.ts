/**
 * One question drawn with replacement, and its 0/1 scores for two systems A and B, as a single
 * inversion of a table over (cluster, outcome) pairs — the exact shortcut of the
 * itemPopulationPaired model with `replace: true` and binary answers ('recorded' or 'first').
 *
 * The direct draw is: question I uniform on the N questions, then Y_A ~ Bernoulli(a_I) and
 * Y_B ~ Bernoulli(b_I) independently (a = c/k for 'recorded'; a = the 0/1 first answer for
 * 'first'). What the model keeps of a drawn question is only its cluster C = cluster(I) and
 * its outcome O = 2·Y_A + Y_B. Their joint law is
 *
 *   P(C = c, O = 2y_A + y_B) = (1/N) Σ_{i ∈ c} a_i^{y_A} (1 − a_i)^{1−y_A} b_i^{y_B} (1 − b_i)^{1−y_B},
 *
 * and successive draws with replacement are independent, so the sequence of (C, O) pairs —
 * and with it the slots in order of first draw and every per-slot sum — has exactly the
 * distribution of the direct draws. The table holds these weights at entry c·2^S + o and is
 * inverted with one uniform per question (DiscreteTable with a 16× guide, a guide-table inversion: exact up to
 * the rounding of the cumulative sums, ≤ 2⁻⁵³ relative per entry). One uniform per question
 * instead of an index and two Bernoulli draws, and no per-question reads of the population.
 *
 * Zero-weight entries (an outcome no question of the cluster can give) are never drawn:
 * inversion returns min{x : F(x) > u} and F does not rise at them.
 */
import { InputError } from '@evalsim/core';
import { DiscreteTable } from '../../../samplers/discreteTable.js';

/** Guide entries per table value: built once per cell, inverted once per drawn question. */
const OUTCOME_GUIDE_PER_VALUE = 16;

/**
 * The table of (cluster, outcome) pairs, entry 4c + 2·y_A + y_B, for two systems with
 * P(score 1 on question i) = `a[i]`, `b[i]` ∈ [0, 1] and question i in cluster `clusterIndex[i]`.
 */
export function itemOutcomeTable(
  clusterIndex: Int32Array,
  clusterCount: number,
  a: Float64Array,
  b: Float64Array,
): DiscreteTable {
  if (a.length !== clusterIndex.length || b.length !== clusterIndex.length) {
    throw new InputError(
      'a, b',
      `one probability per question (${clusterIndex.length}), got ${a.length}, ${b.length}`,
    );
  }
  const size = 4 * clusterCount;
  const table = new DiscreteTable(OUTCOME_GUIDE_PER_VALUE);
  const weights = table.weightBuffer(size).fill(0, 0, size);
  for (let i = 0; i < clusterIndex.length; i++) {
    const pa = a[i];
    const pb = b[i];
    if (!(pa >= 0 && pa <= 1 && pb >= 0 && pb <= 1)) {
      throw new InputError('a, b', `question ${i}: probabilities ${pa}, ${pb} must be in [0, 1]`);
    }
    const base = 4 * clusterIndex[i];
    weights[base] += (1 - pa) * (1 - pb);
    weights[base + 1] += (1 - pa) * pb;
    weights[base + 2] += pa * (1 - pb);
    weights[base + 3] += pa * pb;
  }
  return table.fill(weights, 0, size);
}
