/**
 * Number of hypotheses a multiple-testing method rejects, without building adjusted
 * p-values: the allocation-free form for per-replication use (e.g. a simulated
 * leaderboard of 190 pairwise tests). With p_(1) ≤ … ≤ p_(m) sorted in `workspace`:
 *
 *   bonferroni:  #{i : p_i ≤ α/m}               (no sort)
 *   holm:        first j with p_(j) > t_j, minus 1   (step-down)
 *   hochberg, benjaminiHochberg, benjaminiYekutieli:  last j with p_(j) ≤ t_j   (step-up)
 *
 * with each method's thresholds t_j (see its file; sources there). Always equals the
 * number of 1s in `adjustPValues(pValues, method, alpha).reject`. `workspace` is a
 * caller-owned Float64Array with length ≥ m, overwritten (unused for Bonferroni).
 */

import { InputError } from '../validate.js';
import { type AdjustmentMethod, assertAdjustmentMethod } from './adjustPValues.js';
import { BENJAMINI_HOCHBERG_RULE } from './benjaminiHochberg.js';
import { harmonicNumber } from './benjaminiYekutieli.js';
import { HOLM_RULE } from './holm.js';
import { checkPValues, type StepRule } from './multipleTesting.js';
import { sortPrefix } from './sortPrefix.js';

function stepUpCount(sorted: Float64Array, m: number, alpha: number, rule: StepRule): number {
  for (let r = m; r >= 1; r--) if (sorted[r - 1] <= rule.threshold(r, m, alpha)) return r;
  return 0;
}

/** Benjamini–Yekutieli thresholds (r/m)/c_m·α, as benjaminiYekutieli.ts, without a rule object. */
function byCount(sorted: Float64Array, m: number, alpha: number): number {
  const cm = harmonicNumber(m);
  for (let r = m; r >= 1; r--) if (sorted[r - 1] <= (r / m / cm) * alpha) return r;
  return 0;
}

/** How many of `pValues` the named method rejects at `alpha` (allocation-free). */
export function countRejections(
  pValues: ArrayLike<number>,
  method: AdjustmentMethod,
  alpha: number,
  workspace: Float64Array,
): number {
  assertAdjustmentMethod(method);
  checkPValues(pValues, alpha);
  const m = pValues.length;
  if (method === 'bonferroni') {
    let count = 0;
    const threshold = alpha / m;
    for (let i = 0; i < m; i++) if (pValues[i] <= threshold) count++;
    return count;
  }
  if (!(workspace instanceof Float64Array) || workspace.length < m) {
    throw new InputError('workspace', `must be a Float64Array with length ≥ ${m}`);
  }
  for (let i = 0; i < m; i++) workspace[i] = pValues[i];
  sortPrefix(workspace, m);
  if (method === 'holm') {
    for (let r = 1; r <= m; r++) if (workspace[r - 1] > HOLM_RULE.threshold(r, m, alpha)) return r - 1;
    return m;
  }
  if (method === 'hochberg') return stepUpCount(workspace, m, alpha, HOLM_RULE);
  if (method === 'benjaminiHochberg') return stepUpCount(workspace, m, alpha, BENJAMINI_HOCHBERG_RULE);
  return byCount(workspace, m, alpha);
}
