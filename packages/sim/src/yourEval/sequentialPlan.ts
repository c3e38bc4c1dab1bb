/**
 * `evalsim plan --looks K`: the group-sequential version of a fixed-size plan. From the fixed
 * size n that gives power 1 − β at two-sided α (Miller's closed form, as `plan` computes it),
 * a Lan–DeMets design with K looks (equally spaced, or at the given information fractions):
 *
 *   maximum  N = ⌈IF · n⌉ questions (IF, the design's inflation factor: core designCharacteristics)
 *   looks    n_k = round(t_k · N), boundaries c_k, nominal levels, cumulative α spent
 *   expected E[questions] = expectedH1 · n under the planned gap, expectedH0 · n without one
 *
 * and the design file `evalsim monitor --design` reads (the gate: look sizes, spending, α).
 * Normal theory of the paired z test, as Miller's formula; the committed sequential-power
 * study checks it by simulation for 0/1 paired scores (power and expected questions within
 * Monte Carlo error).
 */
import {
  type AlphaSpending,
  designCharacteristics,
  equalInformationRates,
  groupSequentialDesign,
} from '@evalsim/core';
import {
  GATE_FILE_KIND,
  type SequentialGate,
  sequentialGate,
} from '../analysis/sequential/sequentialGate.js';

export interface SequentialPlanOptions {
  /** The fixed-size plan's size (questions, or the resampled unit). */
  readonly fixedSize: number;
  /** K equally spaced looks, or the information fractions of the looks (increasing, ending at 1). */
  readonly looks: number | readonly number[];
  readonly spending: AlphaSpending;
  readonly alpha: number;
  readonly power: number;
}

export interface SequentialPlanLook {
  readonly look: number;
  readonly size: number;
  readonly fraction: number;
  readonly critical: number;
  readonly nominalLevel: number;
  readonly alphaSpent: number;
}

export interface SequentialPlan {
  readonly fixedSize: number;
  readonly maxSize: number;
  readonly inflationFactor: number;
  readonly expectedH1: number;
  readonly expectedH0: number;
  readonly looks: readonly SequentialPlanLook[];
  readonly gate: SequentialGate;
}

/**
 * The information fractions of `--looks`: K equally spaced, or the fractions given (strictly
 * increasing, in (0, 1], ending at 1); errors name the flag. Called before any work.
 */
export function planLookFractions(looks: number | readonly number[]): number[] {
  if (typeof looks === 'number') {
    if (!(Number.isInteger(looks) && looks >= 1 && looks <= 100))
      throw new RangeError(`--looks: must be a whole number of looks from 1 to 100, got ${looks}`);
    return equalInformationRates(looks);
  }
  const fractions = [...looks];
  fractions.forEach((t, k) => {
    if (!(t > 0 && t <= 1))
      throw new RangeError(`--looks: look ${k + 1} is at ${t}; fractions must be in (0, 1]`);
    if (k > 0 && !(t > fractions[k - 1]))
      throw new RangeError(
        `--looks: looks out of order: look ${k + 1} (${t}) is not after look ${k} (${fractions[k - 1]})`,
      );
  });
  if (fractions[fractions.length - 1] !== 1)
    throw new RangeError(
      `--looks: the last look must be at 1 (the maximum), got ${fractions[fractions.length - 1]}`,
    );
  return fractions;
}

export function sequentialPlan(options: SequentialPlanOptions): SequentialPlan {
  const { fixedSize, spending, alpha, power } = options;
  if (!(fixedSize > 0)) throw new RangeError(`the fixed size must be positive, got ${fixedSize}`);
  const fractions = planLookFractions(options.looks);
  const theory = groupSequentialDesign({ alpha, sides: 2, spending, informationRates: fractions });
  const ch = designCharacteristics(theory, power);
  const maxSize = Math.ceil(ch.inflationFactor * fixedSize - 1e-9);
  const sizes = fractions.map((t) => Math.max(1, Math.round(t * maxSize)));
  const gate = sequentialGate({ sizes, spending, alpha });
  const { design } = gate;
  return {
    fixedSize,
    maxSize,
    inflationFactor: ch.inflationFactor,
    expectedH1: ch.expectedH1 * fixedSize,
    expectedH0: ch.expectedH0 * fixedSize,
    looks: sizes.map((size, k) => ({
      look: k + 1,
      size,
      fraction: design.informationRates[k],
      critical: design.criticalValues[k],
      nominalLevel: design.nominalLevels[k],
      alphaSpent: design.alphaSpent[k],
    })),
    gate,
  };
}

/** The design file monitor reads (`--design`): plain JSON, the gate and what it was planned for. */
export function sequentialPlanDocument(
  plan: SequentialPlan,
  planned: Record<string, unknown>,
): Record<string, unknown> {
  return {
    kind: GATE_FILE_KIND,
    alpha: plan.gate.alpha,
    sides: 2,
    spending: plan.gate.spending,
    maxQuestions: plan.maxSize,
    looks: plan.looks.map((l) => ({
      look: l.look,
      questions: l.size,
      fraction: l.fraction,
      critical: l.critical,
      nominalLevel: l.nominalLevel,
      alphaSpent: l.alphaSpent,
    })),
    planned: { ...planned, fixedSize: plan.fixedSize, inflationFactor: plan.inflationFactor },
  };
}
