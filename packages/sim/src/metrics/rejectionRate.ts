/**
 * Rejection rate: the share of replications whose p-value is below α,
 * P(p < α), with binomial MCSE √(r̂(1 − r̂)/n) (core `rejectionRateMeasure`). It is
 * the false-win (type I error) rate when the truth is the null, and the power otherwise.
 *
 * Options: `alternative` picks the p-value ('two-sided' → pTwoSided, 'greater'
 * → pGreater for H1: θ > θ₀, 'less' → pLess), `alpha` (default 0.05).
 * A replication whose p-value is NaN (degenerate, e.g. no discordant pairs)
 * counts as not rejecting — what a user of the test would conclude — and is
 * counted in the runner's `degenerate` column.
 */
import { rejectionRateMeasure } from '@evalsim/core';
import { defineMetric } from '../base/defineMetric.js';
import type { MethodResult } from '../base/methodResult.js';
import { CountingAccumulator } from './countingAccumulator.js';
import { measureValue } from './measureValue.js';
import type { CountedMetricValue } from './metricValue.js';

export type Alternative = 'two-sided' | 'greater' | 'less';
const ALTERNATIVES: readonly Alternative[] = ['two-sided', 'greater', 'less'];

/** The p-value a rejection counts for `alternative` (shared with the `bradley` metric). */
export function pickPValue(alternative: Alternative): (r: Readonly<MethodResult>) => number {
  if (alternative === 'greater') return (r) => r.pGreater;
  if (alternative === 'less') return (r) => r.pLess;
  return (r) => r.pTwoSided;
}

const COUNT = 0;
const REJECTED = 1;
const WITH_P = 2;

/** Counts rejections (shared with the `bradley` metric). */
export class RejectionAccumulator extends CountingAccumulator {
  constructor(
    private readonly pValue: (r: Readonly<MethodResult>) => number,
    private readonly alpha: number,
  ) {
    super(3);
  }

  add(result: Readonly<MethodResult>): void {
    const counts = this.counts;
    counts[COUNT]++;
    const p = this.pValue(result);
    if (!Number.isNaN(p)) counts[WITH_P]++;
    if (p < this.alpha) counts[REJECTED]++;
  }

  result(): CountedMetricValue {
    const count = this.counts[COUNT];
    // A method that never produced this p-value has no rejection rate (NaN), rather than 0.
    if (this.counts[WITH_P] === 0) return { value: Number.NaN, mcse: Number.NaN, count };
    return measureValue(count, 1, () => rejectionRateMeasure(this.counts[REJECTED], count));
  }
}

/** The options of a rejection: which p-value and the level (shared with the `bradley` metric). */
export const REJECTION_OPTIONS = {
  alternative: {
    type: 'choice',
    values: ALTERNATIVES,
    default: 'two-sided',
    description: 'Which p-value: two-sided, greater (H1: θ > θ₀) or less (H1: θ < θ₀).',
  },
  alpha: {
    type: 'number',
    min: 0,
    minExclusive: true,
    max: 1,
    maxExclusive: true,
    default: 0.05,
    description: 'Significance level α.',
  },
} as const;

export const rejectionRate = defineMetric({
  name: 'rejectionRate',
  description:
    'Share of replications with p < alpha (alternative two-sided | greater | less, alpha default 0.05); NaN p counts as no rejection; binomial MCSE.',
  options: REJECTION_OPTIONS,
  create: ({ alternative, alpha }) => new RejectionAccumulator(pickPValue(alternative), alpha),
});
