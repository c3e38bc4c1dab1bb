/**
 * Out-of-range bounds: the share of replications whose interval reaches outside the
 * parameter space, lower < min or upper > max (options `min`, `max`; default [0, 1], the
 * range of an accuracy), among the replications with finite bounds, with binomial MCSE
 * √(r̂(1 − r̂)/n). The Wald and Agresti–Coull intervals of a proportion overshoot [0, 1]
 * near 0 and 1 (Brown, Cai & DasGupta 2001, §2.1); a coverage computed from such intervals
 * counts them as they are, unclipped, and this row says how often that happened.
 */
import { defineMetric } from '../base/defineMetric.js';
import { ConfigError } from '../base/errors.js';
import type { MethodResult } from '../base/methodResult.js';
import { CountingAccumulator } from './countingAccumulator.js';
import type { CountedMetricValue } from './metricValue.js';
import { proportionMcse } from './monteCarloError.js';

const WITH_BOUNDS = 0;
const OUTSIDE = 1;

class OutOfRangeAccumulator extends CountingAccumulator {
  constructor(
    private readonly min: number,
    private readonly max: number,
  ) {
    super(2);
  }

  add(result: Readonly<MethodResult>): void {
    if (!Number.isFinite(result.lower) || !Number.isFinite(result.upper)) return;
    this.counts[WITH_BOUNDS]++;
    if (result.lower < this.min || result.upper > this.max) this.counts[OUTSIDE]++;
  }

  result(): CountedMetricValue {
    const withBounds = this.counts[WITH_BOUNDS];
    if (withBounds === 0) return { value: Number.NaN, mcse: Number.NaN, count: 0 };
    const share = this.counts[OUTSIDE] / withBounds;
    return { value: share, mcse: proportionMcse(share, withBounds), count: withBounds };
  }
}

export const boundsOutOfRange = defineMetric({
  name: 'boundsOutOfRange',
  description:
    'Share of replications (with finite bounds) whose interval reaches outside [min, max] (default [0, 1]): lower < min or upper > max; binomial MCSE.',
  options: {
    min: { type: 'number', default: 0, description: 'Lower end of the parameter space.' },
    max: { type: 'number', default: 1, description: 'Upper end of the parameter space.' },
  },
  create({ min, max }) {
    if (!(min < max)) throw new ConfigError('max', max, `a number above min (${min})`);
    return new OutOfRangeAccumulator(min, max);
  },
});
