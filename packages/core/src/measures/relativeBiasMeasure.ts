/**
 * Relative bias (E[θ̂] − θ)/θ, a fraction (× 100 for %) (Morris, White & Crowther 2019,
 * Stat. Med. 38:2074, in the text beside Table 6; rsimsum's `rbias`):
 *
 *   rbias = Σ((θ̂ᵢ − θ)/θ)/n = bias/θ,   MCSE = sd((θ̂ᵢ − θ)/θ)/√n = MCSE(bias)/|θ|.
 *
 * rsimsum averages per-row ratios; for a truth θ constant over the cell (evalsim's case)
 * that is exactly bias/θ, so the sufficient statistic is the moment state of θ̂ − θ and θ.
 * θ = 0 has no relative bias: an InputError.
 */
import { assertFinite, InputError } from '../validate.js';
import { biasMeasure } from './biasMeasure.js';
import { type Measure, measure } from './measure.js';
import type { MomentState } from './momentState.js';

/** Relative bias and its MCSE from the moments of θ̂ − θ and the non-zero truth θ. */
export function relativeBiasMeasure(errors: Readonly<MomentState>, truth: number): Measure {
  assertFinite('truth', truth);
  if (truth === 0) throw new InputError('truth', 'must be non-zero for a relative bias, got 0');
  const b = biasMeasure(errors);
  return measure(b.estimate / truth, b.mcse / Math.abs(truth));
}
