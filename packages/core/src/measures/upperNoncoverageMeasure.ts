/**
 * Upper non-coverage P(θ > U): the share of replications whose interval lies entirely BELOW
 * the truth (the truth falls above the upper bound), with binomial MCSE √(p̂(1 − p̂)/n)
 * (Morris, White & Crowther 2019, Stat. Med. 38:2074: report the tails separately).
 * Sufficient statistic: the counts (above, n).
 */
import type { Measure } from './measure.js';
import { proportionMeasure } from './proportionMeasure.js';

/** Upper non-coverage and its MCSE from `truthAboveUpper` of `n` replications. */
export function upperNoncoverageMeasure(truthAboveUpper: number, n: number): Measure {
  return proportionMeasure(truthAboveUpper, n, 'truthAboveUpper');
}
