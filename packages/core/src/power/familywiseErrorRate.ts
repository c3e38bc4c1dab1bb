/**
 * Chance of at least one false positive among m independent tests each at level α:
 *
 *   FWER = 1 − (1 − α)^m,
 *
 * computed as −expm1(m·log1p(−α)) so tiny α keeps full precision. Source: seed 002
 * (twelve variants at α = 0.05: 1 − 0.95¹² = 0.4596); Hochberg & Tamhane, Multiple
 * Comparison Procedures (1987) §1.
 */
import { assertInteger, assertProbability } from '../validate.js';

/** 1 − (1 − alpha)^m for alpha ∈ [0, 1] and m ≥ 1 tests. */
export function familywiseErrorRate(alpha: number, m: number): number {
  assertProbability('alpha', alpha);
  assertInteger('m', m, 1);
  if (alpha === 1) return 1;
  return -Math.expm1(m * Math.log1p(-alpha));
}
