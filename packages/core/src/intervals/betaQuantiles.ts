import { betaQuantile } from '../distributions/index.js';

/** Lower quantile: the x with P(X ≤ x) = tail for X ~ Beta(a, b). */
export function betaLowerQuantile(tail: number, a: number, b: number): number {
  return betaQuantile(tail, a, b);
}

/**
 * Upper quantile: the x with P(X > x) = tail for X ~ Beta(a, b) (scipy's `beta.isf`).
 * betaQuantile polishes on the survival function when its p > ½, so the small tail
 * keeps its relative precision.
 */
export function betaUpperQuantile(tail: number, a: number, b: number): number {
  return betaQuantile(1 - tail, a, b);
}
