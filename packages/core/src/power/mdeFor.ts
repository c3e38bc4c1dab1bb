/**
 * Minimum detectable effect of n items: the smallest true difference a two-sided level-α
 * test detects with power 1 − β, when one item contributes variance V:
 *
 *   MDE = (z_{1−α/2} + z_{1−β}) · √(V/n)       (≈ 2.80·√(p(1 − p)/n) in seed 003).
 *
 * Source: Miller (2024) eq. 10 (the inverse of eq. 9); seed 003's MDE table.
 */
import { assertPositive } from '../validate.js';
import { type PowerOptions, powerZSum } from './powerZSum.js';

/** MDE = zSum·√(variance/n), n > 0 (need not be an integer). */
export function mdeFor(n: number, variance: number, options: PowerOptions = {}): number {
  assertPositive('n', n);
  assertPositive('variance', variance, true);
  return powerZSum(options.alpha, options.power) * Math.sqrt(variance / n);
}
