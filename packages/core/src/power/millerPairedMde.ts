/**
 * Minimum detectable effect of a paired comparison on n questions (Miller 2024 eq. 10,
 * the inverse of eq. 9):
 *
 *   MDE = (z_{1−α/2} + z_{1−β}) · √( (ω² + σ_A²/K_A + σ_B²/K_B) / n ).
 *
 * Seed 000 Step 4: the 1,140-question eval has a paired MDE of 3.0 points.
 */
import { mdeFor } from './mdeFor.js';
import { type MillerPairedParams, millerPairedVariance } from './millerPairedVariance.js';

/** Smallest true paired gap detectable with n questions. */
export function millerPairedMde(params: MillerPairedParams & { n: number }): number {
  return mdeFor(params.n, millerPairedVariance(params), params);
}
