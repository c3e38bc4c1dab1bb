/**
 * Lower non-coverage P(θ < L): the share of replications whose interval lies entirely ABOVE
 * the truth (the truth falls below the lower bound), with binomial MCSE √(p̂(1 − p̂)/n).
 * Morris, White & Crowther (2019, Stat. Med. 38:2074) suggest reporting the two tails
 * of non-coverage separately; with coverage and upper non-coverage it sums to 1 over the
 * replications with bounds. Sufficient statistic: the counts (below, n).
 */
import type { Measure } from './measure.js';
import { proportionMeasure } from './proportionMeasure.js';

/** Lower non-coverage and its MCSE from `truthBelowLower` of `n` replications. */
export function lowerNoncoverageMeasure(truthBelowLower: number, n: number): Measure {
  return proportionMeasure(truthBelowLower, n, 'truthBelowLower');
}
