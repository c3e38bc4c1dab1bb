/**
 * Bias E[θ̂] − θ (Morris, White & Crowther 2019, Stat. Med. 38:2074, Table 6):
 *
 *   bias = Σ(θ̂ᵢ − θ)/n,   MCSE = √(Σ(θ̂ᵢ − θ̄)²/(n(n − 1))),
 *
 * as rsimsum (R/performance.R, `bias` and `bias_mcse`) computes them. Sufficient statistic:
 * the moment state of the errors eᵢ = θ̂ᵢ − θ (for a truth constant over the cell, as in
 * evalsim, Σ(eᵢ − ē)² = Σ(θ̂ᵢ − θ̄)², so the MCSE is rsimsum's).
 */
import { meanOfMoments } from './meanOfMoments.js';
import type { Measure } from './measure.js';
import type { MomentState } from './momentState.js';

/** Bias and its MCSE from the moments of θ̂ − θ (n ≥ 2). */
export function biasMeasure(errors: Readonly<MomentState>): Measure {
  return meanOfMoments(errors, 'errors');
}
