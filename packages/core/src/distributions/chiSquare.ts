/**
 * Chi-square distribution survival function P(X > x) = Q(ν/2, x/2), the upper
 * regularized incomplete gamma (stdlib `gammainc` with upper = true).
 */
import gammainc from '@stdlib/math-base-special-gammainc';
import { assertPositive } from '../validate.js';

/** P(X > x) for X ~ χ²_ν. */
export function chiSquareSf(x: number, df: number): number {
  assertPositive('df', df);
  if (x <= 0) return 1;
  return gammainc(x / 2, df / 2, true, true);
}
