/**
 * Coverage: the share of replications whose interval contains the truth,
 * lower ≤ θ ≤ upper, with binomial MCSE √(p̂(1 − p̂)/n) (Morris et al. 2019,
 * Table 6).
 *
 * Every replication the method ran on counts. A degenerate replication counts
 * as whatever interval the method still produced; one without finite bounds
 * counts as a miss (the method gave no usable interval), so coverage is never
 * flattered by dropping hard replications. The runner reports the number of
 * degenerate replications beside it.
 */
import { defineMetric } from '../base/defineMetric.js';
import type { MethodResult } from '../base/methodResult.js';
import { CountingAccumulator } from './countingAccumulator.js';
import type { CountedMetricValue } from './metricValue.js';
import { proportionMcse } from './monteCarloError.js';

const COUNT = 0;
const COVERED = 1;
const WITH_BOUNDS = 2;

class CoverageAccumulator extends CountingAccumulator {
  constructor() {
    super(3);
  }

  add(result: Readonly<MethodResult>, truth: number): void {
    const counts = this.counts;
    counts[COUNT]++;
    // NaN bounds make both comparisons false: a miss.
    if (result.lower <= truth && truth <= result.upper) counts[COVERED]++;
    if (!Number.isNaN(result.lower) && !Number.isNaN(result.upper)) counts[WITH_BOUNDS]++;
  }

  result(): CountedMetricValue {
    const count = this.counts[COUNT];
    // A method that never produced bounds has no coverage (NaN), rather than 0.
    if (this.counts[WITH_BOUNDS] === 0) return { value: Number.NaN, mcse: Number.NaN, count };
    const p = this.counts[COVERED] / count;
    return { value: p, mcse: proportionMcse(p, count), count };
  }
}

export const coverage = defineMetric({
  name: 'coverage',
  description:
    'Share of replications with lower ≤ truth ≤ upper; a replication without bounds is a miss; binomial MCSE.',
  options: {},
  create: () => new CoverageAccumulator(),
});
