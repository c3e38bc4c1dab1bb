/**
 * The number of pairs a step-wise correction (Holm, Benjamini–Hochberg, Hochberg,
 * Benjamini–Yekutieli) rejects among m exact McNemar tests of a leaderboard, without sorting
 * all m p-values: only the p-values ≤ α can be rejected (core
 * {@link countRejectionsAmongSmall} states why the count is then unchanged), and for copies of
 * one system they are a handful of the 190 (found first by the critical counts at α, core
 * mcnemarCriticalCounts: p ≤ α ⇔ max(b, c) ≥ crit[b + c], so no p-value is computed for the
 * rest). p-values come from the exact test (core
 * mcnemarExactPValue) through a per-(b + c, max(b, c)) cache, and the rejected pairs are those
 * with p at or below the R-th smallest p-value, exactly as with the full sort — the same
 * counts as sorting every p-value (checked in the tests).
 */
import { type AdjustmentMethod, countRejectionsAmongSmall } from '@evalsim/core';
import { McnemarCriticalTable, McnemarPValueCache } from './discordantPairTests.js';

export class StepwiseMcnemarCount {
  private small = new Float64Array(0);
  private smallPair = new Int32Array(0);
  private sorted = new Float64Array(0);
  /** The exact test's rejections at α, to skip the p-values of pairs that cannot be rejected. */
  private readonly critical: McnemarCriticalTable;

  /** `cache` (default: its own) may be shared: its values are pure functions of (b, c). */
  constructor(
    readonly alpha: number,
    readonly correction: AdjustmentMethod,
    private readonly cache: McnemarPValueCache = new McnemarPValueCache(),
  ) {
    this.critical = new McnemarCriticalTable(alpha);
  }

  /**
   * Rejected pairs among the m = index.length tested pairs, pair t having discordant counts
   * (onlyFirst[index[t]], onlySecond[index[t]]); with `secondBetter` only rejected pairs with
   * c > b count.
   */
  count(onlyFirst: Int32Array, onlySecond: Int32Array, index: Int32Array, secondBetter: boolean): number {
    const m = index.length;
    if (this.small.length < m) {
      this.small = new Float64Array(m);
      this.smallPair = new Int32Array(m);
      this.sorted = new Float64Array(m);
    }
    const { small, smallPair, sorted, alpha, critical } = this;
    let crit = critical.covering(64);
    let found = 0;
    for (let t = 0; t < m; t++) {
      const b = onlyFirst[index[t]];
      const c = onlySecond[index[t]];
      const d = b + c;
      if (d >= crit.length) crit = critical.covering(d);
      // p ≤ α ⇔ max(b, c) ≥ crit[b + c] (core mcnemarCriticalCounts): most pairs stop here.
      if (Math.max(b, c) < crit[d]) continue;
      const p = this.cache.pValue(b, c);
      if (p <= alpha) {
        small[found] = p;
        sorted[found] = p;
        smallPair[found] = index[t];
        found++;
      }
    }
    if (found === 0) return 0;
    const rejected = countRejectionsAmongSmall(sorted, found, m, this.correction, alpha);
    if (rejected === 0) return 0;
    const threshold = sorted[rejected - 1];
    let count = 0;
    for (let s = 0; s < found; s++) {
      if (small[s] <= threshold && (!secondBetter || onlySecond[smallPair[s]] > onlyFirst[smallPair[s]]))
        count++;
    }
    return count;
  }
}
