/**
 * Relative % gain in precision of this method over a `reference` method of the same study,
 * 100·(EmpSE_ref²/EmpSE²  − 1), with rsimsum's MCSE 200·(EmpSE_ref²/EmpSE²)·√((1 − ρ²)/(n − 1)),
 * ρ the correlation of the two methods' estimates over the replications (Morris, White &
 * Crowther 2019, Table 6; rsimsum's `relprec`): core `relativePrecisionGainMeasure`.
 *
 * It reads the reference's result in the same replication (the `replication` argument of
 * `add`). Sufficient statistic: the paired moment state (n, both means, both M2, co-moment) of
 * (reference estimate, this estimate) over replications where both are finite — mergeable by
 * Chan's pairwise formula with the co-moment term (core `mergePairedMoments`), so shards and
 * blocks merge exactly. State: [n, meanA, meanB, m2A, m2B, cAB]. The reference's own row is 0
 * (a method against itself: ratio 1, ρ = 1); NaN when either empirical SE is 0.
 */
import {
  addToPairedMoments,
  createPairedMoments,
  mergePairedMoments,
  type PairedMomentState,
  relativePrecisionGainMeasure,
} from '@evalsim/core';
import { didYouMean } from '../base/closestName.js';
import { defineMetric } from '../base/defineMetric.js';
import { ConfigError } from '../base/errors.js';
import type { MethodResult } from '../base/methodResult.js';
import type { MetricAccumulator } from '../base/roles.js';
import { measureValue } from './measureValue.js';
import type { CountedMetricValue } from './metricValue.js';

class RelativePrecisionGainAccumulator implements MetricAccumulator {
  private pair: PairedMomentState = createPairedMoments();

  constructor(private readonly reference: number) {}

  add(result: Readonly<MethodResult>, _truth: number, replication: readonly Readonly<MethodResult>[]): void {
    const a = replication[this.reference].estimate;
    const b = result.estimate;
    if (Number.isFinite(a) && Number.isFinite(b)) addToPairedMoments(this.pair, a, b);
  }

  merge(other: RelativePrecisionGainAccumulator): void {
    this.pair = mergePairedMoments(this.pair, other.pair);
  }

  write(out: number[]): void {
    const { n, meanA, meanB, m2A, m2B, cAB } = this.pair;
    out.push(n, meanA, meanB, m2A, m2B, cAB);
  }

  read(state: Float64Array, offset: number): number {
    this.pair = {
      n: state[offset],
      meanA: state[offset + 1],
      meanB: state[offset + 2],
      m2A: state[offset + 3],
      m2B: state[offset + 4],
      cAB: state[offset + 5],
    };
    return offset + 6;
  }

  result(): CountedMetricValue {
    return measureValue(this.pair.n, 2, () => relativePrecisionGainMeasure(this.pair));
  }
}

export const relativePrecisionGain = defineMetric({
  name: 'relativePrecisionGain',
  description:
    "Relative % gain in precision over the method `reference`, 100 (EmpSE_ref² / EmpSE² − 1), over replications where both estimates are finite; MCSE from the two methods' correlation (rsimsum).",
  options: {
    reference: {
      type: 'string',
      required: true,
      description: 'The id of the reference method (another method of the same study).',
    },
  },
  create: ({ reference }, { methods }) => {
    const index = methods.indexOf(reference);
    if (index < 0) {
      throw new ConfigError(
        'reference',
        reference,
        `the id of a method of this study (${methods.join(', ')})${didYouMean(reference, methods)}`,
      );
    }
    return new RelativePrecisionGainAccumulator(index);
  },
});
