/**
 * Bias-eliminated coverage P(L ≤ θ̄ ≤ U): coverage of the MEAN estimate θ̄ instead of the truth
 * (Morris, White & Crowther 2019, Stat. Med. 38:2074, Table 6; rsimsum's `becover`,
 * `becover_mcse`), binomial MCSE √(p̂(1 − p̂)/n) (like rsimsum, ignoring that θ̄ is estimated).
 *
 * θ̄ is known only after the last replication, so counting intervals around it cannot be
 * streamed; counting around a reference fixed earlier (a first block's mean) is NOT exact.
 * The exact, mergeable sufficient statistic chosen here is the two MARGINAL multisets of the
 * bounds, kept sorted (merge = merge of sorted arrays, independent of order), plus n and the
 * moment state of θ̂. Because every stored interval has L ≤ U,
 *
 *   #{L ≤ c ≤ U} = #{L ≤ c} − #{U < c}       for any c,
 *
 * two binary searches. A replication without an interval (NaN bound, or L > U) stores no
 * bounds and counts as a miss, as for coverage. Memory: two numbers per replication with an
 * interval (fewer when stored as value/count runs, e.g. for discrete proportion bounds).
 */
import { assertFinite, assertInteger, InputError } from '../validate.js';
import type { Measure } from './measure.js';
import { proportionMeasure } from './proportionMeasure.js';

/** Number of entries of the ascending `sorted` that are < c (strict) or ≤ c. */
function rank(sorted: ArrayLike<number>, c: number, inclusive: boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < c || (inclusive && sorted[mid] === c)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function assertSorted(name: string, values: ArrayLike<number>): void {
  if (values == null || typeof values.length !== 'number')
    throw new InputError(name, 'must be an array of numbers');
  for (let i = 0; i < values.length; i++) {
    if (typeof values[i] !== 'number' || Number.isNaN(values[i])) {
      throw new InputError(name, `must hold numbers; entry ${i} is ${values[i]}`);
    }
    if (i > 0 && values[i] < values[i - 1])
      throw new InputError(name, `must be sorted ascending; entry ${i} is below entry ${i - 1}`);
  }
}

/**
 * Bias-eliminated coverage from the sorted lower and upper bounds of the replications with an
 * interval (L ≤ U each), the number n ≥ 1 of replications and the mean estimate θ̄.
 */
export function biasEliminatedCoverageMeasure(
  sortedLower: ArrayLike<number>,
  sortedUpper: ArrayLike<number>,
  n: number,
  meanEstimate: number,
): Measure {
  assertSorted('sortedLower', sortedLower);
  assertSorted('sortedUpper', sortedUpper);
  if (sortedUpper.length !== sortedLower.length) {
    throw new InputError(
      'sortedUpper',
      `must have as many entries as sortedLower (${sortedLower.length}), got ${sortedUpper.length}`,
    );
  }
  assertInteger('n', n, 1);
  if (sortedLower.length > n)
    throw new InputError('sortedLower', `must have at most n (${n}) entries, got ${sortedLower.length}`);
  assertFinite('meanEstimate', meanEstimate);
  const covered = rank(sortedLower, meanEstimate, true) - rank(sortedUpper, meanEstimate, false);
  return proportionMeasure(covered, n, 'covered');
}
