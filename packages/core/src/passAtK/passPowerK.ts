/**
 * The other pass^k convention: the plug-in (c/n)^k, the k-th power of the question's observed
 * pass rate (the "pass^k = p^k" reading, with p estimated by c/n). It is a biased estimator of
 * p^k — E[(c/n)^k] = p^k + O(1/n) > p^k for 0 < p < 1 and k ≥ 2 — and is defined for k > n
 * too; evalsim reports it only when asked (`--pass-hat plugin`), named, beside the unbiased
 * C(c, k)/C(n, k) of {@link passHatK}, because published pass^k figures rarely say which of the
 * two produced them.
 */

import { pow } from '../math/pow.js';
import { assertInteger, InputError } from '../validate.js';

/** (c/n)^k without checks (allocation-free). */
export function passPowerKValue(n: number, c: number, k: number): number {
  return pow(c / n, k);
}

/** (c/n)^k (checked: integers n ≥ 1, 0 ≤ c ≤ n, k ≥ 1). */
export function passPowerK(n: number, c: number, k: number): number {
  assertInteger('n', n, 1);
  assertInteger('c', c, 0);
  assertInteger('k', k, 1);
  if (c > n) throw new InputError('c', `must be ≤ n (${n}), got ${c}`);
  return passPowerKValue(n, c, k);
}
