/**
 * The variance of one question's pass@k (or pass^k) estimate when it gets n samples and its
 * difficulty is Beta(a, b) — Miller's (2024, §3) K-answers split generalised from the mean
 * score (pass@1) to pass@k. With ĝ_n(c) the unbiased estimator (passAtK.ts, passHatK.ts) and
 * c ~ BetaBinomial(n, a, b) its marginal law,
 *
 *   total(n)   = Var(ĝ_n) = Σ_c BB(c; n, a, b) ĝ_n(c)² − G²,     G = the population value,
 *   between    = Var_p(g(p)) = E[(1 − p)^{2k}] − E[(1 − p)^k]²   (pass@k; p^k for pass^k),
 *   within(n)  = total(n) − between = E_p Var(ĝ_n | p),
 *
 * so the SE of the eval's pass@k over Q questions with n samples each is √(total(n)/Q), and the
 * Q needed for a target SE is total(n)/SE². For pass@1, within(n) = E[p(1 − p)]/n and this is
 * Miller's σ_x² + σ_ε²/K exactly; for k > 1 within(n) falls faster than 1/n once n ≫ k and
 * total(n) → between as n → ∞. n ≥ k is required (the estimator needs k samples). BB(c) by its
 * recurrence from BB(0) = Π_{j<n} (b + j)/(a + b + j).
 */
import { assertInteger, assertPositive, InputError } from '../validate.js';
import type { PassEstimand } from './betaBinomialPassAtKInterval.js';
import { passAtKValue } from './passAtK.js';
import { passHatKValue } from './passHatK.js';

export interface PassAtKDesignVariance {
  /** The population value G (betaPassAtK / betaPassHatK). */
  readonly value: number;
  /** Var(ĝ_n) per question. */
  readonly total: number;
  /** Var_p(g(p)): the floor as n → ∞. */
  readonly between: number;
  /** E_p Var(ĝ_n | p) = total − between. */
  readonly within: number;
}

/** E[(1 − p)^m] (pass@k) or E[p^m] (pass^k) under Beta(a, b). */
function moment(estimand: PassEstimand, a: number, b: number, m: number): number {
  let product = 1;
  for (let j = 0; j < m; j++) product *= (estimand === 'passAtK' ? b + j : a + j) / (a + b + j);
  return product;
}

/** The split at n samples per question (checked: a, b > 0, 1 ≤ k ≤ n). */
export function passAtKDesignVariance(
  a: number,
  b: number,
  n: number,
  k: number,
  estimand: PassEstimand = 'passAtK',
): PassAtKDesignVariance {
  assertPositive('a', a);
  assertPositive('b', b);
  assertInteger('n', n, 1);
  assertInteger('k', k, 1);
  if (k > n) throw new InputError('k', `needs k ≤ n samples per question; got k = ${k}, n = ${n}`);
  const m1 = moment(estimand, a, b, k);
  const m2 = moment(estimand, a, b, 2 * k);
  const value = estimand === 'passAtK' ? 1 - m1 : m1;
  const between = Math.max(0, m2 - m1 * m1);
  let pmf = 1;
  for (let j = 0; j < n; j++) pmf *= (b + j) / (a + b + j);
  let second = 0;
  for (let c = 0; c <= n; c++) {
    const g = estimand === 'passAtK' ? passAtKValue(n, c, k) : passHatKValue(n, c, k);
    second += pmf * g * g;
    if (c < n) pmf *= ((n - c) / (c + 1)) * ((c + a) / (n - c - 1 + b));
  }
  const total = Math.max(between, second - value * value);
  return { value, total, between, within: total - between };
}
