/**
 * Bias-eliminated coverage P(L ≤ θ̄ ≤ U): coverage of the MEAN estimate θ̄ instead of the truth
 * (Morris, White & Crowther 2019, Stat. Med. 38:2074, Table 6; rsimsum's `becover`,
 * `becover_mcse`), binomial MCSE √(p̂(1 − p̂)/n) (like rsimsum, ignoring that θ̄ is estimated).
 *
 * θ̄ is known only after the last replication, so counting intervals around it cannot be
 * streamed; counting around a reference fixed earlier (a first block's mean) is NOT exact.
 * The exact, mergeable sufficient statistic chosen here is the two MARGINAL multisets of the
 * bounds, as sorted runs (sortedRuns.ts: canonical whatever the arrival order, merged exactly),
 * plus n and the moment state of θ̂. Because every stored interval has L ≤ U,
 *
 *   #{L ≤ c ≤ U} = #{L ≤ c} − #{U < c}       for any c,
 *
 * inclusive on both sides like rsimsum's `>=` and `<=`. A replication without an interval (NaN
 * bound, or L > U) stores no bounds and counts as a miss, as for coverage.
 */
import { assertFinite, assertInteger, InputError } from '../validate.js';
import type { Measure } from './measure.js';
import { proportionMeasure } from './proportionMeasure.js';
import { assertSortedRuns, countBelow, runsTotal, type SortedRuns } from './sortedRuns.js';

/**
 * Bias-eliminated coverage from the runs of the lower and of the upper bounds of the
 * replications with an interval (L ≤ U each), the number n ≥ 1 of replications and θ̄.
 */
export function biasEliminatedCoverageMeasure(
  lower: SortedRuns,
  upper: SortedRuns,
  n: number,
  meanEstimate: number,
): Measure {
  assertSortedRuns('lower', lower);
  assertSortedRuns('upper', upper);
  const kept = runsTotal(lower);
  if (runsTotal(upper) !== kept) {
    throw new InputError('upper', `must count as many bounds as lower (${kept}), got ${runsTotal(upper)}`);
  }
  assertInteger('n', n, 1);
  if (kept > n) throw new InputError('lower', `must count at most n (${n}) bounds, got ${kept}`);
  assertFinite('meanEstimate', meanEstimate);
  const covered = countBelow(lower, meanEstimate, true) - countBelow(upper, meanEstimate, false);
  return proportionMeasure(covered, n, 'covered');
}
