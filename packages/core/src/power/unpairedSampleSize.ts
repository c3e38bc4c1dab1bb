/**
 * Questions needed per system to detect a true gap δ when the two systems are scored
 * on different (independent) question sets:
 *
 *   n = (z_{1−α/2} + z_{1−β})² · (Var(x_A) + σ_A²/K_A + Var(x_B) + σ_B²/K_B) / δ².
 *
 * Source: Miller (2024) §4 (unpaired form of eq. 9); the textbook two-sample formula
 * (Chow, Shao & Wang 2008, §4.2). See unpairedVariance.ts for the terms.
 */
import { type SampleSize, sampleSizeFor } from './sampleSizeFor.js';
import { type UnpairedPowerParams, unpairedVariance } from './unpairedVariance.js';

/** Questions per system for an unpaired comparison to detect `delta`. */
export function unpairedSampleSize(params: UnpairedPowerParams & { delta: number }): SampleSize {
  return sampleSizeFor(params.delta, unpairedVariance(params), params);
}
