/**
 * One-sided non-coverage: the share of replications whose interval misses the truth on
 * one side, with binomial MCSE √(p̂(1 − p̂)/n) — the split of 1 − coverage that shows
 * whether an interval errs by sitting too high or too low (Morris, White & Crowther 2019,
 * §5.2; Newcombe 1998 reports "mesial" and "distal" non-coverage for proportions):
 *
 *   side 'lower': truth < lower   (the interval lies entirely above the truth)
 *   side 'upper': truth > upper   (the interval lies entirely below the truth)
 *
 * Every replication the method ran on counts in the denominator, as in coverage; one
 * without finite bounds misses on neither side (coverage counts it as a miss, so
 * coverage + lower + upper = 1 only when every interval had bounds).
 */
import { defineMetric } from '../base/defineMetric.js';
import type { MethodResult } from '../base/methodResult.js';
import type { MetricAccumulator } from '../base/roles.js';
import type { CountedMetricValue } from './metricValue.js';
import { proportionMcse } from './monteCarloError.js';

class NoncoverageAccumulator implements MetricAccumulator {
  private count = 0;
  private missed = 0;
  private withBounds = 0;

  constructor(private readonly lowerSide: boolean) {}

  add(result: Readonly<MethodResult>, truth: number): void {
    this.count++;
    if (this.lowerSide ? truth < result.lower : truth > result.upper) this.missed++;
    if (!Number.isNaN(result.lower) && !Number.isNaN(result.upper)) this.withBounds++;
  }

  result(): CountedMetricValue {
    if (this.withBounds === 0) return { value: Number.NaN, mcse: Number.NaN, count: this.count };
    const p = this.missed / this.count;
    return { value: p, mcse: proportionMcse(p, this.count), count: this.count };
  }
}

export const noncoverage = defineMetric({
  name: 'noncoverage',
  description:
    "Share of replications whose interval misses on one side: side 'lower' (truth < lower) or 'upper' (truth > upper); binomial MCSE.",
  options: {
    side: {
      type: 'choice',
      values: ['lower', 'upper'],
      required: true,
      description: "'lower': the truth lies below the interval; 'upper': above it.",
    },
  },
  create: (options) => new NoncoverageAccumulator(options.side === 'lower'),
});
