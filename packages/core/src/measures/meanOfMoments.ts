/**
 * The mean of a per-replication quantity with its Monte Carlo SE (Morris, White & Crowther
 * 2019, Stat. Med. 38:2074, Table 6, the row for bias; rsimsum's `bias_mcse`):
 *
 *   x̄ = Σxᵢ/n,   MCSE = √(Σ(xᵢ − x̄)²/(n(n − 1))) = √(M2/(n(n − 1))).
 *
 * Shared by bias (x = θ̂ − θ), MSE (x = (θ̂ − θ)²) and mean width (x = upper − lower).
 */

import { type Measure, measure } from './measure.js';
import { assertMoments, type MomentState } from './momentState.js';

/** Mean and MCSE of the values summarised by `state` (n ≥ 2); `name` is used in errors. */
export function meanOfMoments(state: Readonly<MomentState>, name: string): Measure {
  assertMoments(name, state, 2);
  return measure(state.mean, Math.sqrt(state.m2 / (state.n * (state.n - 1))));
}
