/**
 * Mean squared error E[(θ̂ − θ)²] (Morris, White & Crowther 2019, Stat. Med. 38:2074,
 * Table 6; rsimsum's `mse`, `mse_mcse`):
 *
 *   MSE = Σ(θ̂ᵢ − θ)²/n,   MCSE = √(Σ((θ̂ᵢ − θ)² − MSE)²/(n(n − 1))).
 *
 * Sufficient statistic: the moment state of the squared errors (θ̂ᵢ − θ)².
 * Identity (a check, not how it is computed): MSE = bias² + EmpSE²·(n − 1)/n.
 */
import { meanOfMoments } from './meanOfMoments.js';
import type { Measure } from './measure.js';
import type { MomentState } from './momentState.js';

/** MSE and its MCSE from the moments of (θ̂ − θ)² (n ≥ 2). */
export function mseMeasure(squaredErrors: Readonly<MomentState>): Measure {
  return meanOfMoments(squaredErrors, 'squaredErrors');
}
