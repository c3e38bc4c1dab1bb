/**
 * Coverage P(L ≤ θ ≤ U) (Morris, White & Crowther 2019, Stat. Med. 38:2074, Table 6;
 * rsimsum's `cover`): the share of the n replications whose interval contains the truth,
 * binomial MCSE √(p̂(1 − p̂)/n). Sufficient statistic: the counts (covered, n).
 */
import type { Measure } from './measure.js';
import { proportionMeasure } from './proportionMeasure.js';

/** Coverage and its MCSE from `covered` of `n` replications. */
export function coverageMeasure(covered: number, n: number): Measure {
  return proportionMeasure(covered, n, 'covered');
}
