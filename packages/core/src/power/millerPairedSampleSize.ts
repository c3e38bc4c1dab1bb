/**
 * Miller's paired sample size (Miller 2024, "Adding Error Bars to Evals", eq. 9):
 *
 *   n = (z_{1−α/2} + z_{1−β})² · (ω² + σ_A²/K_A + σ_B²/K_B) / δ².
 *
 * Seed 000 Step 4 (Haiku thinking low vs Sonnet, δ = 0.03, ω² = 0.116, σ² = 0.013 and
 * 0.004) prints n ≈ 1,165 (K = 1), 1,041 (K = 5), 1,010 (K → ∞). From those printed,
 * rounded inputs the formula gives 1,159.9, 1,041.3 and 1,011.6 (⌈n⌉ = 1,160, 1,042,
 * 1,012) with exact z's (7.8489), or 1,160.1, 1,041.4, 1,011.8 with "7.85": the printed
 * n came from the unrounded measured variances and gap, which the article shows to 3
 * decimals (a 0.4% change in V/δ² moves n by 5). Tests use the formula's values.
 */

import { type MillerPairedParams, millerPairedVariance } from './millerPairedVariance.js';
import { type SampleSize, sampleSizeFor } from './sampleSizeFor.js';

/** Questions needed for a paired comparison to detect a true gap `delta`. */
export function millerPairedSampleSize(params: MillerPairedParams & { delta: number }): SampleSize {
  return sampleSizeFor(params.delta, millerPairedVariance(params), params);
}
