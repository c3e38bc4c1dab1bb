/**
 * Out-of-range bounds: the share of replications whose interval reaches outside the
 * parameter space, lower < min or upper > max (options `min`, `max`; default [0, 1], the
 * range of an accuracy), among the replications with finite bounds, with binomial MCSE
 * √(r̂(1 − r̂)/n). The Wald and Agresti–Coull intervals of a proportion overshoot [0, 1]
 * near 0 and 1 (Brown, Cai & DasGupta 2001, §2.1); a coverage computed from such intervals
 * counts them as they are, unclipped, and this row says how often that happened.
 */
import { ConfigError } from '../config/errors.js';
import type { MethodResult, MetricAccumulator, MetricDefinition } from '../types.js';
import { type MetricOptions, rejectUnknownMetricOptions } from './metricOptions.js';
import type { CountedMetricValue } from './metricValue.js';
import { proportionMcse } from './monteCarloError.js';

class OutOfRangeAccumulator implements MetricAccumulator {
  private withBounds = 0;
  private outside = 0;
  constructor(
    private readonly min: number,
    private readonly max: number,
  ) {}

  add(result: Readonly<MethodResult>): void {
    if (!Number.isFinite(result.lower) || !Number.isFinite(result.upper)) return;
    this.withBounds++;
    if (result.lower < this.min || result.upper > this.max) this.outside++;
  }

  result(): CountedMetricValue {
    if (this.withBounds === 0) return { value: Number.NaN, mcse: Number.NaN, count: 0 };
    const share = this.outside / this.withBounds;
    return { value: share, mcse: proportionMcse(share, this.withBounds), count: this.withBounds };
  }
}

function bound(options: MetricOptions, name: 'min' | 'max', fallback: number): number {
  const value = options[name] ?? fallback;
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new ConfigError(name, value, 'a finite number');
  return value;
}

export const boundsOutOfRange: MetricDefinition = {
  name: 'boundsOutOfRange',
  description:
    'Share of replications (with finite bounds) whose interval reaches outside [min, max] (default [0, 1]): lower < min or upper > max; binomial MCSE.',
  create(options: MetricOptions) {
    rejectUnknownMetricOptions('boundsOutOfRange', options, ['min', 'max']);
    const min = bound(options, 'min', 0);
    const max = bound(options, 'max', 1);
    if (!(min < max)) throw new ConfigError('max', max, `a number above min (${min})`);
    return new OutOfRangeAccumulator(min, max);
  },
};
