/**
 * Rejection rate P(p < α): the type I error rate under the null, the power otherwise
 * (Morris, White & Crowther 2019, Stat. Med. 38:2074, Table 6, "power"; rsimsum's `power`,
 * which rejects when |θ̂| ≥ z_{1−α/2}·SE), binomial MCSE √(r̂(1 − r̂)/n).
 * Sufficient statistic: the counts (rejected, n). Bradley's robustness flags: bradleyFlags.ts.
 */
import type { Measure } from './measure.js';
import { proportionMeasure } from './proportionMeasure.js';

/** Rejection rate and its MCSE from `rejected` of `n` replications. */
export function rejectionRateMeasure(rejected: number, n: number): Measure {
  return proportionMeasure(rejected, n, 'rejected');
}
