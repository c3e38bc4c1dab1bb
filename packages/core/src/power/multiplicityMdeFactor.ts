/**
 * Factor by which a Bonferroni-type correction for m comparisons raises the minimum
 * detectable effect (and the square of which raises the sample size): testing at α/m
 * instead of α replaces z_{1−α/2} by z_{1−α/(2m)}, so
 *
 *   factor = (z_{1−α/(2m)} + z_{1−β}) / (z_{1−α/2} + z_{1−β}).
 *
 * Seed 000 Step 5: Holm's first threshold with 190 comparisons is 0.05/190, a factor of
 * 1.60 (1,140 questions that resolve 3.0 points in one comparison resolve ≈ 4.9 points on
 * a 20-model leaderboard). Follows from Miller (2024) eq. 10 with α → α/m.
 */
import { assertInteger } from '../validate.js';
import { type PowerOptions, powerZSum } from './powerZSum.js';

/** MDE inflation of testing at alpha/m instead of alpha, at the given power. */
export function multiplicityMdeFactor(m: number, options: PowerOptions = {}): number {
  assertInteger('m', m, 1);
  const alpha = options.alpha ?? 0.05;
  return powerZSum(alpha / m, options.power) / powerZSum(alpha, options.power);
}
