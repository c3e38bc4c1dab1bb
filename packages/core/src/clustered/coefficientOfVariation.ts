/**
 * Coefficient of variation of cluster sizes, CV = σ_n / n̄, with the POPULATION
 * standard deviation σ_n = √(Σ_g (n_g − n̄)² / K) (divisor K, not K − 1).
 *
 * Eldridge, Ashby & Kerry (2006) define CV as the ratio of the standard deviation of
 * cluster sizes to the mean size; we pick the divisor K because it makes
 * (1 + CV²)·n̄ = Σ n_g²/N exactly, so {@link designEffectUnequal} reproduces the exact
 * variance inflation of the item mean for the observed sizes. The sample version
 * (divisor K − 1) is CV·√(K/(K − 1)).
 */
import { assertScores, InputError } from '../validate.js';

/** σ_n / n̄ (population s.d.) of `sizes`, each > 0. */
export function coefficientOfVariation(sizes: ArrayLike<number>): number {
  assertScores('sizes', sizes, 1);
  let sum = 0;
  for (let g = 0; g < sizes.length; g++) {
    if (!(sizes[g] > 0)) throw new InputError('sizes', `must be > 0; entry ${g} is ${sizes[g]}`);
    sum += sizes[g];
  }
  const mean = sum / sizes.length;
  let ss = 0;
  for (let g = 0; g < sizes.length; g++) {
    const d = sizes[g] - mean;
    ss += d * d;
  }
  return Math.sqrt(ss / sizes.length) / mean;
}
