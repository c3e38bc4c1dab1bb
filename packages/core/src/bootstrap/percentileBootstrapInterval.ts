import type { Interval, Rng } from '../types.js';
import { assertScores, InputError } from '../validate.js';
import { checkBootstrapArgs } from './checks.js';
import { percentileOfSorted } from './percentile.js';

/**
 * Fill out[0..resamples) with the means of `resamples` bootstrap resamples of `scores`
 * (n items drawn with replacement, index ⌊U·n⌋ for U = rng.uniform()). Allocation-free.
 */
export function bootstrapResampleMeans(
  scores: ArrayLike<number>,
  resamples: number,
  rng: Rng,
  out: Float64Array,
): void {
  const n = scores.length;
  for (let b = 0; b < resamples; b++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += scores[Math.floor(rng.uniform() * n)];
    out[b] = sum / n;
  }
}

/**
 * Percentile bootstrap interval of a mean (Efron 1979; Efron & Tibshirani 1993, §13.3):
 * resample the n items with replacement `resamples` times, and take the (1 − level)/2 and
 * (1 + level)/2 quantiles of the resample means by numpy's linear rule (see
 * percentile.ts). `workspace` (length ≥ resamples) avoids the one allocation.
 * With all scores equal the interval is the single point [s, s].
 */
export function percentileBootstrapInterval(
  scores: ArrayLike<number>,
  resamples: number,
  level: number,
  rng: Rng,
  workspace?: Float64Array,
): Interval {
  assertScores('scores', scores);
  checkBootstrapArgs(resamples, level);
  if (workspace !== undefined && workspace.length < resamples) {
    throw new InputError('workspace', `must have length ≥ resamples (${resamples}), got ${workspace.length}`);
  }
  const means = workspace === undefined ? new Float64Array(resamples) : workspace.subarray(0, resamples);
  bootstrapResampleMeans(scores, resamples, rng, means);
  means.sort();
  let total = 0;
  for (let i = 0; i < scores.length; i++) total += scores[i];
  const tail = (1 - level) / 2;
  return {
    estimate: total / scores.length,
    lower: percentileOfSorted(means, tail),
    upper: percentileOfSorted(means, 1 - tail),
    level,
    method: 'percentileBootstrap',
  };
}
