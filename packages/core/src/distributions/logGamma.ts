/**
 * log Γ and log B from stdlib (`gammaln`, `betaln`), accurate to ~1e-15 relative;
 * used for densities and pmfs in log space.
 */
import betaln from '@stdlib/math-base-special-betaln';
import gammaln from '@stdlib/math-base-special-gammaln';

/** log Γ(x) for x > 0. */
export function logGamma(x: number): number {
  return gammaln(x);
}

/** log B(a, b) = log Γ(a) + log Γ(b) − log Γ(a + b). */
export function logBeta(a: number, b: number): number {
  return betaln(a, b);
}
