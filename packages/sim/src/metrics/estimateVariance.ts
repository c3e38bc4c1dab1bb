/**
 * Variance of the estimates over replications (metric `estimateVariance`),
 * s² = Σ(θ̂ᵢ − θ̄)²/(n − 1), e.g. the variance of one question's score (Miller 2024's
 * resampling example). Unlike empiricalSE² with a normal-theory MCSE, its MCSE uses the
 * sample fourth central moment m₄, so it stays right for discrete, non-normal estimates:
 *
 *   Var(s²) = (μ₄ − σ⁴(n − 3)/(n − 1))/n   (Cramér 1946, §27.4; Kenney & Keeping 1951),
 *   MCSE = √((m₄ − s⁴(n − 3)/(n − 1))/n), clamped at 0.
 *
 * (For a 0/1 estimate with p = ½, μ₄ = σ⁴ and the MCSE is ≈ 0, where the normal-theory
 * s²√(2/(n − 1)) would claim ≈ 0.25·√(2/n).) The moments are updated in one pass
 * (Terriberry 2007; Pébay 2008, Sandia SAND2008-6212, eq. 1.5), in replication order.
 */
import { defineMetric } from '../base/defineMetric.js';
import type { MethodResult } from '../base/methodResult.js';
import type { MetricAccumulator } from '../base/roles.js';
import type { CountedMetricValue } from './metricValue.js';

/** One-pass mean and central moment sums M2, M3, M4. */
export class RunningFourMoments {
  count = 0;
  mean = 0;
  m2 = 0;
  m3 = 0;
  m4 = 0;

  add(x: number): void {
    const n1 = this.count;
    const n = n1 + 1;
    this.count = n;
    const delta = x - this.mean;
    const deltaN = delta / n;
    const deltaN2 = deltaN * deltaN;
    const term1 = delta * deltaN * n1;
    this.mean += deltaN;
    this.m4 += term1 * deltaN2 * (n * n - 3 * n + 3) + 6 * deltaN2 * this.m2 - 4 * deltaN * this.m3;
    this.m3 += term1 * deltaN * (n - 2) - 3 * deltaN * this.m2;
    this.m2 += term1;
  }

  /** Sample variance s² (n − 1); NaN below two values. */
  variance(): number {
    return this.count > 1 ? this.m2 / (this.count - 1) : Number.NaN;
  }

  /** MCSE of s² from the fourth moment (see module doc); NaN below four values. */
  varianceMcse(): number {
    const n = this.count;
    if (n < 4) return Number.NaN;
    const s2 = this.variance();
    const fourth = this.m4 / n;
    const v = (fourth - (s2 * s2 * (n - 3)) / (n - 1)) / n;
    return Math.sqrt(Math.max(0, v));
  }
}

class VarianceAccumulator implements MetricAccumulator {
  private readonly moments = new RunningFourMoments();

  add(result: Readonly<MethodResult>): void {
    if (Number.isFinite(result.estimate)) this.moments.add(result.estimate);
  }

  result(): CountedMetricValue {
    return {
      value: this.moments.variance(),
      mcse: this.moments.varianceMcse(),
      count: this.moments.count,
    };
  }
}

export const estimateVariance = defineMetric({
  name: 'estimateVariance',
  description:
    'Variance s² (n − 1) of the finite estimates over replications; MCSE √((m₄ − s⁴(n − 3)/(n − 1))/n) from the fourth central moment.',
  options: {},
  create: () => new VarianceAccumulator(),
});
