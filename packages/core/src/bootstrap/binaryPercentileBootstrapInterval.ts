import type { Bounds } from '../intervals/index.js';
import type { Interval, Rng } from '../types.js';
import { assertCounts, InputError } from '../validate.js';
import { checkBootstrapArgs } from './checks.js';
import { percentileOfHistogram } from './percentile.js';

/**
 * Histogram of bootstrap resample sums for 0/1 scores with k ones among n: a resample's
 * sum is Binomial(n, k/n), so counts[s] (s = 0..n) is the number of the `resamples`
 * draws equal to s. counts must have length ≥ n + 1; it is zeroed first. Allocation-free.
 */
export function binaryBootstrapSumCounts(
  k: number,
  n: number,
  resamples: number,
  rng: Rng,
  counts: Int32Array,
): void {
  counts.fill(0, 0, n + 1);
  const p = k / n;
  for (let b = 0; b < resamples; b++) counts[rng.binomial(n, p)]++;
}

/**
 * Allocation-free percentile-bootstrap bounds for k ones among n 0/1 scores, for tail
 * probability (1 − level)/2, using `counts` (length ≥ n + 1) as workspace. Inputs are
 * not checked.
 */
export function binaryPercentileBootstrapBounds(
  k: number,
  n: number,
  resamples: number,
  tail: number,
  rng: Rng,
  counts: Int32Array,
  out: Bounds,
): void {
  binaryBootstrapSumCounts(k, n, resamples, rng, counts);
  out.lower = percentileOfHistogram(counts, n + 1, resamples, tail) / n;
  out.upper = percentileOfHistogram(counts, n + 1, resamples, 1 - tail) / n;
}

/**
 * Percentile bootstrap interval of a mean of 0/1 scores (k ones among n), by the shortcut
 * that a resample's mean is Binomial(n, k/n)/n: one binomial draw per resample instead of
 * n uniforms, and quantiles read from the histogram of the integer sums (no sort) by the
 * same linear rule as `percentileBootstrapInterval`, so the two agree in distribution.
 * `workspace` (Int32Array of length ≥ n + 1) makes it allocation-free. At k = 0 or k = n
 * every resample is identical and the interval is the point [k/n, k/n].
 */
export function binaryPercentileBootstrapInterval(
  k: number,
  n: number,
  resamples: number,
  level: number,
  rng: Rng,
  workspace?: Int32Array,
): Interval {
  assertCounts(k, n);
  checkBootstrapArgs(resamples, level);
  if (workspace !== undefined && workspace.length < n + 1) {
    throw new InputError('workspace', `must have length ≥ n + 1 (${n + 1}), got ${workspace.length}`);
  }
  const counts = workspace ?? new Int32Array(n + 1);
  const out: Bounds = { lower: 0, upper: 0 };
  binaryPercentileBootstrapBounds(k, n, resamples, (1 - level) / 2, rng, counts, out);
  return { estimate: k / n, lower: out.lower, upper: out.upper, level, method: 'binaryPercentileBootstrap' };
}
