/**
 * Sample size inflated for clustering: a design that needs n independent items needs
 *
 *   n_clustered = n · DEFF
 *
 * correlated ones, DEFF = 1 + (m − 1)ρ for clusters of m items with ICC ρ (Kish 1965,
 * Survey Sampling §5.4; seed 003 caveat 2: a clustered SE 1.9× the naive one needs
 * 1.9² ≈ 3.6 times as many items). Returns the real value (round up for items).
 */
import { assertPositive } from '../validate.js';

/** n · deff, for n > 0 and a design effect deff > 0. */
export function clusteredSampleSize(n: number, deff: number): number {
  assertPositive('n', n);
  assertPositive('deff', deff);
  return n * deff;
}
