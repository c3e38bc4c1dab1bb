/**
 * Minimum detectable effect of an unpaired comparison with n questions per system:
 *
 *   MDE = (z_{1−α/2} + z_{1−β}) · √( (Var(x_A) + σ_A²/K_A + Var(x_B) + σ_B²/K_B) / n ).
 *
 * Source: Miller (2024) §4; seed 000 Step 4 ("its MDE is 3.0 points paired and 3.8
 * unpaired" at 1,140 questions).
 */
import { mdeFor } from './mdeFor.js';
import { type UnpairedPowerParams, unpairedVariance } from './unpairedVariance.js';

/** Smallest true gap an unpaired comparison with n questions per system detects. */
export function unpairedMde(params: UnpairedPowerParams & { n: number }): number {
  return mdeFor(params.n, unpairedVariance(params), params);
}
