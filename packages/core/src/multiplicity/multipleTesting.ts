/**
 * Internal machinery shared by the p-value adjustments in this folder: validation,
 * the ascending order of the p-values, and the two stepwise procedures. With the
 * p-values sorted p_(1) ≤ … ≤ p_(m) and a method's threshold t_i and adjustment a_i(p):
 *
 *   step-down (Holm):       reject H_(1) … H_(j−1), j the first rank with p_(j) > t_j;
 *                           adjusted p̃_(i) = min(1, max_{k ≤ i} a_k(p_(k)))
 *   step-up (Hochberg, BH): reject H_(1) … H_(j), j the last rank with p_(j) ≤ t_j;
 *                           adjusted p̃_(i) = min(1, min_{k ≥ i} a_k(p_(k)))
 *
 * This is the computation of statsmodels.stats.multitest.multipletests: rejections come
 * from the thresholds, not from the adjusted values, with the same floating-point forms.
 * Because the thresholds increase with rank, tied p-values always get the same decision
 * and the same adjusted value, whatever order the sort leaves them in.
 */
import { assertLevel, InputError } from '../validate.js';

/** Adjusted p-values and reject flags (1 = reject), in the input order. */
export interface MultipleTestResult {
  readonly adjusted: Float64Array;
  readonly reject: Uint8Array;
}

/** A stepwise rule: rank i = 1 … m of the ascending p-values. */
export interface StepRule {
  threshold(rank: number, m: number, alpha: number): number;
  adjust(p: number, rank: number, m: number): number;
}

/** Checks p-values (finite, in [0, 1], at least one) and alpha ∈ (0, 1). */
export function checkPValues(pValues: ArrayLike<number>, alpha: number): void {
  if (pValues == null || typeof pValues.length !== 'number' || pValues.length < 1) {
    throw new InputError('pValues', 'must be a non-empty array of p-values in [0, 1]');
  }
  for (let i = 0; i < pValues.length; i++) {
    const p = pValues[i];
    if (typeof p !== 'number' || !(p >= 0 && p <= 1)) {
      throw new InputError('pValues', `must hold p-values in [0, 1]; entry ${i} is ${String(p)}`);
    }
  }
  assertLevel(alpha, 'alpha');
}

/** Indices that sort `p` ascending (ties by index). */
export function ascendingOrder(p: ArrayLike<number>): Uint32Array {
  const order = new Uint32Array(p.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  return order.sort((i, j) => p[i] - p[j] || i - j);
}

/** Step-down procedure (see module doc). */
export function stepDown(pValues: ArrayLike<number>, alpha: number, rule: StepRule): MultipleTestResult {
  checkPValues(pValues, alpha);
  const m = pValues.length;
  const order = ascendingOrder(pValues);
  const adjusted = new Float64Array(m);
  const reject = new Uint8Array(m);
  let rejecting = true;
  let running = 0;
  for (let r = 0; r < m; r++) {
    const i = order[r];
    const p = pValues[i];
    if (rejecting && p > rule.threshold(r + 1, m, alpha)) rejecting = false;
    reject[i] = rejecting ? 1 : 0;
    running = Math.max(running, rule.adjust(p, r + 1, m));
    adjusted[i] = Math.min(1, running);
  }
  return { adjusted, reject };
}

/** Step-up procedure (see module doc). */
export function stepUp(pValues: ArrayLike<number>, alpha: number, rule: StepRule): MultipleTestResult {
  checkPValues(pValues, alpha);
  const m = pValues.length;
  const order = ascendingOrder(pValues);
  const adjusted = new Float64Array(m);
  const reject = new Uint8Array(m);
  let rejecting = false;
  let running = Number.POSITIVE_INFINITY;
  for (let r = m - 1; r >= 0; r--) {
    const i = order[r];
    const p = pValues[i];
    if (!rejecting && p <= rule.threshold(r + 1, m, alpha)) rejecting = true;
    reject[i] = rejecting ? 1 : 0;
    running = Math.min(running, rule.adjust(p, r + 1, m));
    adjusted[i] = Math.min(1, running);
  }
  return { adjusted, reject };
}
