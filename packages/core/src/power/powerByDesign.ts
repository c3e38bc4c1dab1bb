/**
 * The sample size for a gap δ (or the minimum detectable effect of n items) under each design
 * whose per-item variance V the inputs give — what `evalsim power` tabulates:
 *
 *   measured paired       V = Var(x_A − x_B), measured on a pilot
 *   Miller paired         V = ω² + σ_A²/K_A + σ_B²/K_B                  (Miller 2024 eq. 9)
 *   unpaired              V = Var(x_A) + σ_A²/K_A + Var(x_B) + σ_B²/K_B
 *   p rule, paired        V = p(1 − p)   (both systems at p, between-system correlation ρ = 0.5:
 *                                         Var(x_A − x_B) = 2p(1 − p)(1 − ρ))
 *   p rule, unpaired      V = 2p(1 − p)  (separate question sets)
 *
 * then, given δ, n = (z_{1−α/2} + z_{1−β})²·V/δ² and items = ⌈n⌉ (sampleSizeFor.ts), times the
 * design effect for clustered items (⌈n·deff⌉, clusteredSampleSize.ts); given n, the MDE of
 * n/deff effective items (mdeFor.ts). With p, δ and the conventional α = 0.05, power 0.8, the
 * planning rule 16p(1 − p)/δ² per group (van Belle 2008 §2.2; planningRuleSampleSize.ts) is added.
 * Designs come in the order above; each one needs all of its inputs (varianceA with varianceB).
 */
import { assertPositive, InputError } from '../validate.js';
import { clusteredSampleSize } from './clusteredSampleSize.js';
import { mdeFor } from './mdeFor.js';
import { millerPairedVariance } from './millerPairedVariance.js';
import { planningRuleSampleSize } from './planningRuleSampleSize.js';
import { sampleSizeFor } from './sampleSizeFor.js';
import { unpairedVariance } from './unpairedVariance.js';

export type PowerDesign = 'measuredPaired' | 'millerPaired' | 'unpaired' | 'pRulePaired' | 'pRuleUnpaired';

export interface PowerByDesignInput {
  /** The true gap to detect (gives the sample size); exactly one of `delta` and `n`. */
  readonly delta?: number | undefined;
  /** Items in the eval (gives the MDE). */
  readonly n?: number | undefined;
  /** Var(x_A − x_B), measured (> 0). */
  readonly pairedVariance?: number | undefined;
  /** ω², the variance of the true per-question differences (Miller's paired design). */
  readonly omega2?: number | undefined;
  /** Var(x_A) and Var(x_B), between-question variances (the unpaired design; both or neither). */
  readonly varianceA?: number | undefined;
  readonly varianceB?: number | undefined;
  /** σ_A², σ_B² within-question variances and K_A, K_B answers per question (defaults 0 and 1). */
  readonly sigmaA2?: number;
  readonly sigmaB2?: number;
  readonly kA?: number;
  readonly kB?: number;
  /** A binary accuracy in (0, 1) for the p(1 − p) rules. */
  readonly p?: number | undefined;
  /** Design effect of clustered items (default 1). */
  readonly deff?: number;
  readonly alpha?: number;
  readonly power?: number;
}

/** One design's sample size (given δ). `itemsClustered` only with a design effect ≠ 1. */
export interface DesignSampleSize {
  readonly design: PowerDesign | 'planningRule';
  readonly variance: number;
  readonly delta: number;
  readonly n: number;
  readonly items: number;
  readonly itemsClustered?: number;
}

/** One design's minimum detectable effect (given n). */
export interface DesignMde {
  readonly design: PowerDesign;
  readonly variance: number;
  readonly n: number;
  readonly mde: number;
  readonly deff: number;
}

/** The designs the inputs give, each with its per-item variance V. */
export function powerDesigns(input: PowerByDesignInput): { design: PowerDesign; variance: number }[] {
  const out: { design: PowerDesign; variance: number }[] = [];
  const within = {
    sigmaA2: input.sigmaA2 ?? 0,
    sigmaB2: input.sigmaB2 ?? 0,
    kA: input.kA ?? 1,
    kB: input.kB ?? 1,
  };
  if (input.pairedVariance !== undefined) {
    if (!(input.pairedVariance > 0 && Number.isFinite(input.pairedVariance)))
      throw new InputError('pairedVariance', `must be a variance > 0, got ${input.pairedVariance}`);
    out.push({ design: 'measuredPaired', variance: input.pairedVariance });
  }
  if (input.omega2 !== undefined)
    out.push({ design: 'millerPaired', variance: millerPairedVariance({ omega2: input.omega2, ...within }) });
  if (input.varianceA !== undefined || input.varianceB !== undefined) {
    if (input.varianceA === undefined || input.varianceB === undefined)
      throw new InputError('varianceA', 'goes with varianceB (the unpaired design needs both)');
    const { varianceA, varianceB } = input;
    out.push({ design: 'unpaired', variance: unpairedVariance({ varianceA, varianceB, ...within }) });
  }
  if (input.p !== undefined) {
    const v = input.p * (1 - input.p);
    out.push({ design: 'pRulePaired', variance: v }, { design: 'pRuleUnpaired', variance: 2 * v });
  }
  if (out.length === 0)
    throw new InputError('variance', 'give pairedVariance, omega2, varianceA and varianceB, or p');
  return out;
}

/** Items for a gap δ under each design the inputs give (and the planning rule, see above). */
export function sampleSizeByDesign(input: PowerByDesignInput & { delta: number }): DesignSampleSize[] {
  const { delta } = input;
  const deff = input.deff ?? 1;
  assertPositive('deff', deff);
  const options = { alpha: input.alpha ?? 0.05, power: input.power ?? 0.8 };
  const rows: DesignSampleSize[] = powerDesigns(input).map(({ design, variance }) => {
    const size = sampleSizeFor(delta, variance, options);
    if (!(size.items <= Number.MAX_SAFE_INTEGER))
      throw new InputError(
        'delta',
        `a gap of ${delta} needs more than ${Number.MAX_SAFE_INTEGER.toLocaleString('en-US')} questions; give a larger gap`,
      );
    return {
      design,
      variance,
      delta,
      n: size.n,
      items: size.items,
      ...(deff !== 1 ? { itemsClustered: Math.ceil(clusteredSampleSize(size.n, deff) - 1e-9) } : {}),
    };
  });
  if (input.p !== undefined && options.alpha === 0.05 && options.power === 0.8) {
    const n = planningRuleSampleSize(input.p, delta);
    rows.push({
      design: 'planningRule',
      variance: input.p * (1 - input.p),
      delta,
      n,
      items: Math.ceil(n - 1e-9),
    });
  }
  return rows;
}

/** The minimum detectable effect of n items (n/deff effective) under each design the inputs give. */
export function mdeByDesign(input: PowerByDesignInput & { n: number }): DesignMde[] {
  const deff = input.deff ?? 1;
  assertPositive('deff', deff);
  const options = { alpha: input.alpha ?? 0.05, power: input.power ?? 0.8 };
  return powerDesigns(input).map(({ design, variance }) => ({
    design,
    variance,
    n: input.n,
    mde: mdeFor(input.n / deff, variance, options),
    deff,
  }));
}
