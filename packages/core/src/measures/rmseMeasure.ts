/**
 * Root mean squared error √MSE with its MCSE by the DELTA METHOD (Morris, White & Crowther
 * 2019, Stat. Med. 38:2074, name RMSE beside MSE; rsimsum reports MSE only):
 *
 *   RMSE = √MSE,   MCSE(RMSE) ≈ MCSE(MSE)/(2·√MSE)   (d√x/dx = 1/(2√x)).
 *
 * Sufficient statistic: the moment state of (θ̂ᵢ − θ)², as for MSE. When every error is 0,
 * RMSE = 0 is known exactly and its MCSE is 0 (the delta form would be 0/0).
 */
import { type Measure, measure } from './measure.js';
import type { MomentState } from './momentState.js';
import { mseMeasure } from './mseMeasure.js';

/** RMSE and its delta-method MCSE from the moments of (θ̂ − θ)² (n ≥ 2). */
export function rmseMeasure(squaredErrors: Readonly<MomentState>): Measure {
  const m = mseMeasure(squaredErrors);
  if (m.estimate === 0) return measure(0, 0);
  const root = Math.sqrt(m.estimate);
  return measure(root, m.mcse / (2 * root));
}
