/**
 * {@link countRejections} when only the p-values ≤ α are at hand: the number a method rejects
 * among m hypotheses, given the c p-values that are ≤ α (all others are known to exceed α).
 *
 * Why this is exact: every method's threshold t_j (Bonferroni α/m, Holm and Hochberg
 * α/(m − j + 1), Benjamini–Hochberg jα/m, Benjamini–Yekutieli jα/(m·c_m)) is ≤ α, also after
 * rounding (a quotient by a divisor ≥ 1 or a product with a factor ≤ 1 never rounds above α).
 * A p-value above α therefore never meets a threshold, and the c small p-values are exactly
 * p_(1) ≤ … ≤ p_(c) of the full sorted list. Step-down (Holm) stops at the first j with
 * p_(j) > t_j, which is at j ≤ c + 1; step-up (Hochberg, BH, BY) takes the largest j with
 * p_(j) ≤ t_j, which is ≤ c. So sorting the c candidates gives the same count as sorting all
 * m — e.g. 6 instead of 190 p-values per simulated leaderboard.
 *
 * `candidates[0 … count − 1]` is sorted in place (insertion sort: c is small). Allocation-free.
 */
import { InputError } from '../validate.js';
import { type AdjustmentMethod, assertAdjustmentMethod } from './adjustPValues.js';
import { BENJAMINI_HOCHBERG_RULE } from './benjaminiHochberg.js';
import { harmonicNumber } from './benjaminiYekutieli.js';
import { HOLM_RULE } from './holm.js';

/** How many of m hypotheses `method` rejects at `alpha`, from the `count` p-values ≤ alpha. */
export function countRejectionsAmongSmall(
  candidates: Float64Array,
  count: number,
  m: number,
  method: AdjustmentMethod,
  alpha: number,
): number {
  assertAdjustmentMethod(method);
  if (!(Number.isInteger(m) && m >= 1)) throw new InputError('m', `must be an integer ≥ 1, got ${m}`);
  if (!(Number.isInteger(count) && count >= 0 && count <= m && count <= candidates.length)) {
    throw new InputError('count', `must be an integer in [0, min(m, candidates.length)], got ${count}`);
  }
  for (let i = 0; i < count; i++) {
    const p = candidates[i];
    if (!(p >= 0 && p <= alpha)) {
      throw new InputError('candidates', `must hold p-values in [0, alpha]; entry ${i} is ${p}`);
    }
  }
  if (method === 'bonferroni') {
    let rejected = 0;
    const threshold = alpha / m;
    for (let i = 0; i < count; i++) if (candidates[i] <= threshold) rejected++;
    return rejected;
  }
  for (let i = 1; i < count; i++) {
    const p = candidates[i];
    let j = i - 1;
    while (j >= 0 && candidates[j] > p) {
      candidates[j + 1] = candidates[j];
      j--;
    }
    candidates[j + 1] = p;
  }
  if (method === 'holm') {
    for (let r = 1; r <= count; r++) if (candidates[r - 1] > HOLM_RULE.threshold(r, m, alpha)) return r - 1;
    return count;
  }
  const cm = method === 'benjaminiYekutieli' ? harmonicNumber(m) : 1;
  for (let r = count; r >= 1; r--) {
    const threshold =
      method === 'hochberg'
        ? HOLM_RULE.threshold(r, m, alpha)
        : method === 'benjaminiHochberg'
          ? BENJAMINI_HOCHBERG_RULE.threshold(r, m, alpha)
          : (r / m / cm) * alpha;
    if (candidates[r - 1] <= threshold) return r;
  }
  return 0;
}
