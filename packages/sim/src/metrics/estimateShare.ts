/**
 * Share of replications whose estimate meets a condition (metric `estimateShare`), with
 * binomial MCSE √(r̂(1 − r̂)/n) over all n replications (a NaN estimate does not meet it):
 *
 *   atLeast: t   →  P̂(θ̂ ≥ t)      e.g. the share of leaderboards with at least one
 *                                   significant pair (leaderboardPairs, atLeast: 1)
 *   equals: k    →  P̂(θ̂ = k)      one row per k gives the distribution of a count
 *
 * Exactly one of `atLeast` and `equals` (finite numbers).
 */
import { ConfigError } from '../config/errors.js';
import type { MethodResult, MetricAccumulator, MetricDefinition } from '../types.js';
import { type MetricOptions, rejectUnknownMetricOptions } from './metricOptions.js';
import type { CountedMetricValue } from './metricValue.js';
import { proportionMcse } from './monteCarloError.js';

class ShareAccumulator implements MetricAccumulator {
  private count = 0;
  private hits = 0;
  constructor(private readonly meets: (estimate: number) => boolean) {}

  add(result: Readonly<MethodResult>): void {
    this.count++;
    if (this.meets(result.estimate)) this.hits++;
  }

  result(): CountedMetricValue {
    if (this.count === 0) return { value: Number.NaN, mcse: Number.NaN, count: 0 };
    const share = this.hits / this.count;
    return { value: share, mcse: proportionMcse(share, this.count), count: this.count };
  }
}

function finiteOption(options: MetricOptions, name: string): number | undefined {
  const value = options[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new ConfigError(name, value, 'a finite number');
  return value;
}

export const estimateShare: MetricDefinition = {
  name: 'estimateShare',
  description:
    'Share of replications with estimate ≥ atLeast, or = equals (exactly one of the two); binomial MCSE.',
  create(options: MetricOptions) {
    rejectUnknownMetricOptions('estimateShare', options, ['atLeast', 'equals']);
    const atLeast = finiteOption(options, 'atLeast');
    const equals = finiteOption(options, 'equals');
    if ((atLeast === undefined) === (equals === undefined)) {
      throw new ConfigError(
        atLeast === undefined ? 'atLeast' : 'equals',
        'estimateShare needs exactly one of "atLeast" (share with estimate ≥ t) and "equals" (share with estimate = k)',
      );
    }
    return new ShareAccumulator(
      atLeast !== undefined ? (x) => x >= atLeast : (x) => x === (equals as number),
    );
  },
};
