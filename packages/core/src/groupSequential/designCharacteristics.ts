/**
 * What a group-sequential design costs and saves against the fixed-sample test of the same α
 * and power 1 − β (rpact's getDesignCharacteristics; Jennison & Turnbull 2000, §2.3, §4.2):
 *
 *   nFixed           (z_{1−α/s} + z_{1−β})²: the fixed test's information for drift 1
 *   drift η > 0      solves P_η(cross the upper boundary at some look) = 1 − β, by Brent (as
 *                    rpact: a two-sided design's crossing below, the wrong direction, is no power)
 *   shift            η²: the design's maximum information for drift 1
 *   inflationFactor  η²/nFixed: the maximum sample size over the fixed one
 *   expectedH1, expectedHalf, expectedH0
 *                    E[information at stopping]/nFixed under drift η, η/2 and 0: the expected
 *                    sample size as a multiple of the fixed one
 *
 * So a fixed sample of n questions becomes a design of at most ⌈inflationFactor·n⌉ questions
 * with looks at t_k of it, using on average expectedH1·n questions when the planned effect
 * is true and expectedH0·n when there is none.
 */

import { normalQuantile } from '../distributions/normal.js';
import { brentRoot } from '../roots/brentRoot.js';
import { assertLevel } from '../validate.js';
import { boundaryCrossing } from './boundaryCrossing.js';
import type { GroupSequentialDesign } from './groupSequentialDesign.js';

export interface DesignCharacteristics {
  readonly power: number;
  readonly nFixed: number;
  readonly drift: number;
  readonly shift: number;
  readonly inflationFactor: number;
  /** Per look under the drift η: P(first crossing above), P(first crossing below). */
  readonly rejectUpper: readonly number[];
  readonly rejectLower: readonly number[];
  readonly expectedH1: number;
  readonly expectedHalf: number;
  readonly expectedH0: number;
}

function sum(values: readonly number[]): number {
  let s = 0;
  for (const v of values) s += v;
  return s;
}

export function designCharacteristics(design: GroupSequentialDesign, power = 0.8): DesignCharacteristics {
  assertLevel(power, 'power');
  if (!(power > design.alpha))
    throw new RangeError(`power: must exceed the design's alpha (${design.alpha}), got ${power}`);
  const nFixed = (normalQuantile(1 - design.alpha / design.sides) + normalQuantile(power)) ** 2;
  const f = (eta: number) => sum(boundaryCrossing(design, eta).upper) - power;
  // An efficacy-only design never needs less information than the fixed test (inflation ≥ 1).
  const lo = Math.sqrt(nFixed);
  const fLo = f(lo);
  let hi = Math.sqrt(1.6 * nFixed);
  let fHi = f(hi);
  while (fHi < 0) {
    hi *= 1.5;
    fHi = f(hi);
  }
  const drift = fLo >= 0 ? lo : brentRoot(f, lo, hi, 0, 0, 0, 0, 0, 0, 1e-13, fLo, fHi);
  const h1 = boundaryCrossing(design, drift);
  const shift = drift * drift;
  return {
    power,
    nFixed,
    drift,
    shift,
    inflationFactor: shift / nFixed,
    rejectUpper: h1.upper,
    rejectLower: h1.lower,
    expectedH1: (h1.expectedFraction * shift) / nFixed,
    expectedHalf: (boundaryCrossing(design, drift / 2).expectedFraction * shift) / nFixed,
    expectedH0: (boundaryCrossing(design, 0).expectedFraction * shift) / nFixed,
  };
}
