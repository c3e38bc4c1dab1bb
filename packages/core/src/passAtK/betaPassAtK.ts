/**
 * The population pass@k and pass^k when question difficulty is Beta(a, b): a question's pass
 * probability p ~ Beta(a, b), its pass@k is 1 − (1 − p)^k and its pass^k is p^k, so over the
 * population of questions
 *
 *   pass@k = E[1 − (1 − p)^k] = 1 − B(a, b + k)/B(a, b) = 1 − Π_{j<k} (b + j)/(a + b + j),
 *   pass^k = E[p^k]           = B(a + k, b)/B(a, b)     = Π_{j<k} (a + j)/(a + b + j)
 *
 * (the Beta function's recurrence B(x, y + 1) = B(x, y)·y/(x + y); the k-th moments of the
 * beta distribution). The products have k factors in (0, 1); pass@k is −expm1(Σ log1p(−a/(a + b + j)))
 * so that it keeps its relative accuracy when small. These are the truths of the `pass-at-k`
 * study's cells (models/passAtKSamples.ts).
 */
import { assertInteger, assertPositive } from '../validate.js';

/** E[1 − (1 − p)^k] for p ~ Beta(a, b) (allocation-free; checked). */
export function betaPassAtK(a: number, b: number, k: number): number {
  assertPositive('a', a);
  assertPositive('b', b);
  assertInteger('k', k, 0);
  let s = 0;
  for (let j = 0; j < k; j++) s += Math.log1p(-a / (a + b + j));
  return -Math.expm1(s);
}

/** E[p^k] for p ~ Beta(a, b) (allocation-free; checked). */
export function betaPassHatK(a: number, b: number, k: number): number {
  assertPositive('a', a);
  assertPositive('b', b);
  assertInteger('k', k, 0);
  let product = 1;
  for (let j = 0; j < k; j++) product *= (a + j) / (a + b + j);
  return product;
}
