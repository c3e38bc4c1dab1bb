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
import { defineMetric } from '../base/defineMetric.js';
import { ConfigError } from '../base/errors.js';
import type { MethodResult } from '../base/methodResult.js';
import { CountingAccumulator } from './countingAccumulator.js';
import type { CountedMetricValue } from './metricValue.js';
import { proportionMcse } from './monteCarloError.js';

const COUNT = 0;
const HITS = 1;

class ShareAccumulator extends CountingAccumulator {
  /** estimate = threshold (`equals`) or estimate ≥ threshold (`atLeast`): plain fields, no closure call per replication. */
  constructor(
    private readonly threshold: number,
    private readonly equals: boolean,
  ) {
    super(2);
  }

  add(result: Readonly<MethodResult>): void {
    this.counts[COUNT]++;
    const x = result.estimate;
    if (this.equals ? x === this.threshold : x >= this.threshold) this.counts[HITS]++;
  }

  result(): CountedMetricValue {
    const count = this.counts[COUNT];
    if (count === 0) return { value: Number.NaN, mcse: Number.NaN, count: 0 };
    const share = this.counts[HITS] / count;
    return { value: share, mcse: proportionMcse(share, count), count };
  }
}

export const estimateShare = defineMetric({
  name: 'estimateShare',
  description:
    'Share of replications with estimate ≥ atLeast, or = equals (exactly one of the two); binomial MCSE.',
  options: {
    atLeast: { type: 'number', description: 'Count replications with estimate ≥ this value.' },
    equals: { type: 'number', description: 'Count replications with estimate = this value.' },
  },
  create({ atLeast, equals }) {
    if ((atLeast === undefined) === (equals === undefined)) {
      throw new ConfigError(
        atLeast === undefined ? 'atLeast' : 'equals',
        'estimateShare needs exactly one of "atLeast" (share with estimate ≥ t) and "equals" (share with estimate = k)',
      );
    }
    return atLeast !== undefined
      ? new ShareAccumulator(atLeast, false)
      : new ShareAccumulator(equals as number, true);
  },
});
