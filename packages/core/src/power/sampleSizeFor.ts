/**
 * Items needed to detect a true difference δ with a two-sided level-α test of power
 * 1 − β, when one item contributes variance V to the difference (SE = √(V/n)):
 *
 *   n = (z_{1−α/2} + z_{1−β})² · V / δ²,    items = ⌈n⌉.
 *
 * Source: Miller (2024), "Adding Error Bars to Evals", eq. 9; seed 003's
 * n ≈ (z + z)²·p(1 − p)/δ². `items` rounds up (ignoring a relative excess of 1e-12, so
 * a float like 785.0000000000001 stays 785).
 */
import { assertFinite, assertPositive, InputError } from '../validate.js';
import { type PowerOptions, powerZSum } from './powerZSum.js';

/** A required sample size: the exact real n and the whole number of items ⌈n⌉. */
export interface SampleSize {
  readonly n: number;
  readonly items: number;
}

/** Rounds a real sample size up to whole items, tolerant of rounding noise. */
export function wholeItems(n: number): number {
  return Math.ceil(n * (1 - 1e-12));
}

/** n = zSum²·V/δ² for per-item variance `variance` and true difference `delta` (≠ 0). */
export function sampleSizeFor(delta: number, variance: number, options: PowerOptions = {}): SampleSize {
  assertFinite('delta', delta);
  if (delta === 0) throw new InputError('delta', 'must be a non-zero difference, got 0');
  assertPositive('variance', variance);
  const z = powerZSum(options.alpha, options.power);
  const n = (z * z * variance) / (delta * delta);
  return { n, items: wholeItems(n) };
}
