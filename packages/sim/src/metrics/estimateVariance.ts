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
 * (Terriberry 2007; Pébay 2008, Sandia SAND2008-6212, eq. 1.5), in replication order within a
 * block, and blocks are merged pairwise in block order (eq. 3.1).
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

  /**
   * Folds `other` in (Pébay 2008, SAND2008-6212, eq. 3.1; Chan et al. 1979 for M2), with
   * n = n_a + n_b and δ = mean_b − mean_a:
   *   M3 = M3_a + M3_b + δ³n_a n_b(n_a − n_b)/n² + 3δ(n_a M2_b − n_b M2_a)/n,
   *   M4 = M4_a + M4_b + δ⁴n_a n_b(n_a² − n_a n_b + n_b²)/n³ + 6δ²(n_a² M2_b + n_b² M2_a)/n²
   *        + 4δ(n_a M3_b − n_b M3_a)/n.
   * Merging with an empty state copies the other exactly.
   */
  merge(other: RunningFourMoments): void {
    const nb = other.count;
    if (nb === 0) return;
    const na = this.count;
    if (na === 0) {
      this.count = nb;
      this.mean = other.mean;
      this.m2 = other.m2;
      this.m3 = other.m3;
      this.m4 = other.m4;
      return;
    }
    const n = na + nb;
    const delta = other.mean - this.mean;
    const delta2 = delta * delta;
    const { m2: m2a, m3: m3a } = this;
    const { m2: m2b, m3: m3b } = other;
    this.m4 +=
      other.m4 +
      (delta2 * delta2 * na * nb * (na * na - na * nb + nb * nb)) / (n * n * n) +
      (6 * delta2 * (na * na * m2b + nb * nb * m2a)) / (n * n) +
      (4 * delta * (na * m3b - nb * m3a)) / n;
    this.m3 +=
      m3b + (delta2 * delta * na * nb * (na - nb)) / (n * n) + (3 * delta * (na * m2b - nb * m2a)) / n;
    this.m2 += m2b + (delta2 * na * nb) / n;
    this.mean += (delta * nb) / n;
    this.count = n;
  }

  write(out: number[]): void {
    out.push(this.count, this.mean, this.m2, this.m3, this.m4);
  }

  read(state: Float64Array, offset: number): number {
    this.count = state[offset];
    this.mean = state[offset + 1];
    this.m2 = state[offset + 2];
    this.m3 = state[offset + 3];
    this.m4 = state[offset + 4];
    return offset + 5;
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

  merge(other: VarianceAccumulator): void {
    this.moments.merge(other.moments);
  }

  write(out: number[]): void {
    this.moments.write(out);
  }

  read(state: Float64Array, offset: number): number {
    return this.moments.read(state, offset);
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
