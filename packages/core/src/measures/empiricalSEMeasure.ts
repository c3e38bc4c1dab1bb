/**
 * Empirical standard error: the sample s.d. of the estimates (Morris, White & Crowther 2019,
 * Stat. Med. 38:2074, Table 6; rsimsum's `empse`, `empse_mcse`):
 *
 *   EmpSE = √(Σ(θ̂ᵢ − θ̄)²/(n − 1)),   MCSE = EmpSE/√(2(n − 1))   (normal-theory approximation).
 *
 * Sufficient statistic: the moment state of the estimates.
 */
import { type Measure, measure } from './measure.js';
import { assertMoments, type MomentState, momentsVariance } from './momentState.js';

/** Empirical SE and its MCSE from the moments of θ̂ (n ≥ 2). */
export function empiricalSEMeasure(estimates: Readonly<MomentState>): Measure {
  assertMoments('estimates', estimates, 2);
  const sd = Math.sqrt(momentsVariance(estimates));
  return measure(sd, sd / Math.sqrt(2 * (estimates.n - 1)));
}
