/**
 * Bradley's (1978) robustness verdict on a test's rejection rate r̂ at level α (core
 * `bradleyFlags`): LIBERAL when |r̂ − α| ≤ α/2, STRINGENT when |r̂ − α| ≤ α/10 (option
 * `criterion`). A metric value is one number, so the verdict is coded:
 *
 *   1   — r̂ lies inside the band and more than z·MCSE(r̂) from both edges (z = 1.96);
 *   0   — r̂ lies outside the band, more than z·MCSE(r̂) from it;
 *   0.5 — undecided: an edge lies within z·MCSE(r̂), more replications could flip the verdict.
 *
 * The reported MCSE is 0: the code is a decision, its Monte Carlo uncertainty is the 0.5.
 * The rate itself, with its MCSE, is the `rejectionRate` row with the same options (this
 * metric counts rejections exactly as it does). NaN when the method never produced the p-value.
 */
import { bradleyFlags } from '@evalsim/core';
import { defineMetric } from '../base/defineMetric.js';
import type { MethodResult } from '../base/methodResult.js';
import type { MetricAccumulator } from '../base/roles.js';
import type { CountedMetricValue } from './metricValue.js';
import { pickPValue, REJECTION_OPTIONS, RejectionAccumulator } from './rejectionRate.js';

export type BradleyCriterion = 'liberal' | 'stringent';
const CRITERIA: readonly BradleyCriterion[] = ['liberal', 'stringent'];

class BradleyAccumulator implements MetricAccumulator {
  private readonly rejections: RejectionAccumulator;
  constructor(
    pValue: (r: Readonly<MethodResult>) => number,
    private readonly alpha: number,
    private readonly criterion: BradleyCriterion,
  ) {
    this.rejections = new RejectionAccumulator(pValue, alpha);
  }

  add(result: Readonly<MethodResult>): void {
    this.rejections.add(result);
  }

  merge(other: BradleyAccumulator): void {
    this.rejections.merge(other.rejections);
  }

  write(out: number[]): void {
    this.rejections.write(out);
  }

  read(state: Float64Array, offset: number): number {
    return this.rejections.read(state, offset);
  }

  result(): CountedMetricValue {
    const { value: rate, mcse, count } = this.rejections.result();
    if (Number.isNaN(rate)) return { value: Number.NaN, mcse: Number.NaN, count };
    const verdict = bradleyFlags(rate, this.alpha, mcse)[this.criterion];
    return { value: verdict.resolved ? (verdict.inside ? 1 : 0) : 0.5, mcse: 0, count };
  }
}

export const bradley = defineMetric({
  name: 'bradley',
  description:
    "Bradley's robustness verdict on the rejection rate: 1 inside the band (liberal |rate − alpha| ≤ alpha/2, stringent ≤ alpha/10), 0 outside, 0.5 undecided (an edge within 1.96 MCSE).",
  options: {
    ...REJECTION_OPTIONS,
    criterion: {
      type: 'choice',
      values: CRITERIA,
      default: 'liberal',
      description: "Bradley's criterion: liberal (|rate − α| ≤ α/2) or stringent (≤ α/10).",
    },
  },
  create: ({ alternative, alpha, criterion }) =>
    new BradleyAccumulator(pickPValue(alternative), alpha, criterion),
});
