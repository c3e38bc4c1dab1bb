/**
 * Crossing probabilities of a design's boundaries under a drift η (E[Z_k] = η√t_k): for each
 * look k, P_η(continue to look k − 1, then Z_k ≥ c_k) (`upper`) and, two-sided,
 * P_η(continue, then Z_k ≤ −c_k) (`lower`), by the recursion of stageRecursion.ts with the
 * design's own grid. Σ_k (upper + lower) is the power at η (the type-I error at η = 0); the
 * probability of stopping at look k < K is upper_k + lower_k, and every path stops at look K.
 */
import { assertFinite } from '../validate.js';
import { continuationRegion, type GroupSequentialDesign } from './groupSequentialDesign.js';
import { crossing, nextStage, type StageNodes } from './stageRecursion.js';

export interface BoundaryCrossing {
  readonly upper: readonly number[];
  readonly lower: readonly number[];
  /** Σ_k (upper_k + lower_k). */
  readonly reject: number;
  /** Σ_k t_k·P(stop at look k): the expected information as a fraction of the maximum. */
  readonly expectedFraction: number;
}

export function boundaryCrossing(design: GroupSequentialDesign, drift: number): BoundaryCrossing {
  assertFinite('drift', drift);
  const { informationRates: rates, criticalValues, sides, grid } = design;
  const upper: number[] = [];
  const lower: number[] = [];
  let prev: StageNodes | undefined;
  let reject = 0;
  let expected = 0;
  let stopped = 0;
  for (let k = 0; k < rates.length; k++) {
    const t = rates[k];
    const tPrev = k > 0 ? rates[k - 1] : 0;
    const b = criticalValues[k] * Math.sqrt(t);
    const up = crossing(prev, tPrev, t, drift, b, true);
    const low = sides === 2 ? crossing(prev, tPrev, t, drift, -b, false) : 0;
    upper.push(up);
    lower.push(low);
    reject += up + low;
    if (k < rates.length - 1) {
      expected += t * (up + low);
      stopped += up + low;
      const [lo, hi] = continuationRegion(sides, criticalValues[k], t, drift);
      prev = nextStage(prev, tPrev, t, drift, lo, hi, grid);
    } else {
      expected += t * (1 - stopped);
    }
  }
  return { upper, lower, reject, expectedFraction: expected };
}
