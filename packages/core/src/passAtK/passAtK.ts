/**
 * pass@k of one question from n samples of which c passed: the chance that at least one of
 * k samples drawn without replacement from the n passes — the unbiased estimator of
 * 1 − (1 − p)^k (Chen et al. 2021, "Evaluating Large Language Models Trained on Code",
 * arXiv:2107.03374, §2.1; openai/human-eval `human_eval/evaluation.py` `estimate_pass_at_k`,
 * commit 6d43fb98; inspect_ai's `pass_at` reducer, `src/inspect_ai/scorer/_reducer/reducer.py`,
 * commit 499e6152):
 *
 *   pass@k = 1 − C(n − c, k) / C(n, k),   = 1 when n − c < k.
 *
 * Never with factorials: C(n − c, k)/C(n, k) = Π_{i<m} (1 − x/(n − i)) with m = min(c, k) and
 * x = max(c, k) (the identity C(n−c, k)/C(n, k) = C(n−k, c)/C(n, c) lets the shorter product
 * run; human-eval's is the c-factor one, Π_{j=n−c+1}^{n} (1 − k/j)). The product is formed as
 * exp(Σ log1p(−x/(n − i))) and pass@k = −expm1(Σ …), so 1 − product keeps its relative
 * accuracy when the product is near 1 (a small pass@k, e.g. k/n at c = 1).
 */
import { assertInteger, InputError } from '../validate.js';

/** pass@k from n, c, k without checks (allocation-free; the hot-loop form). Needs 0 ≤ c ≤ n, 1 ≤ k ≤ n. */
export function passAtKValue(n: number, c: number, k: number): number {
  if (n - c < k) return 1;
  if (c === 0) return 0;
  const m = Math.min(c, k);
  const x = Math.max(c, k);
  let s = 0;
  for (let i = 0; i < m; i++) s += Math.log1p(-x / (n - i));
  return -Math.expm1(s);
}

/** Throws an InputError naming n, c or k unless 0 ≤ c ≤ n and 1 ≤ k ≤ n are integers. */
export function checkSampleCounts(n: number, c: number, k: number, what = 'pass@k'): void {
  assertInteger('n', n, 1);
  assertInteger('c', c, 0);
  assertInteger('k', k, 1);
  if (c > n) throw new InputError('c', `must be ≤ n (${n}), got ${c}`);
  if (k > n) throw new InputError('k', `${what} needs k ≤ n samples; got k = ${k} with n = ${n}`);
}

/** pass@k of one question (checked; see the module comment). */
export function passAtK(n: number, c: number, k: number): number {
  checkSampleCounts(n, c, k);
  return passAtKValue(n, c, k);
}
