/**
 * Per-question variance of a paired difference with K_A and K_B answers per question
 * (Miller 2024, "Adding Error Bars to Evals", §4 and eqs. 9–10):
 *
 *   V = ω² + σ_A²/K_A + σ_B²/K_B,
 *
 * ω² the variance of the true per-question differences, σ² each system's within-question
 * sampling variance (E[σ²] in seed 000). K = Infinity drops that term (unlimited answers).
 */
import { assertPositive, InputError } from '../validate.js';

/** Inputs of Miller's paired power formula; K's default to 1, alpha 0.05, power 0.8. */
export interface MillerPairedParams {
  /** ω², variance of the true per-question differences (≥ 0). */
  omega2: number;
  /** σ_A², within-question sampling variance of system A (≥ 0). */
  sigmaA2: number;
  /** σ_B², within-question sampling variance of system B (≥ 0). */
  sigmaB2: number;
  /** Answers per question for A (≥ 1, or Infinity). */
  kA?: number;
  /** Answers per question for B (≥ 1, or Infinity). */
  kB?: number;
  alpha?: number;
  power?: number;
}

function resampled(sigma2: number, k: number, sigmaName: string, kName: string): number {
  assertPositive(sigmaName, sigma2, true);
  if (!(typeof k === 'number' && k >= 1))
    throw new InputError(kName, `must be ≥ 1 or Infinity, got ${String(k)}`);
  return k === Number.POSITIVE_INFINITY ? 0 : sigma2 / k;
}

/** V = ω² + σ_A²/K_A + σ_B²/K_B (> 0 required). */
export function millerPairedVariance(params: MillerPairedParams): number {
  assertPositive('omega2', params.omega2, true);
  const v =
    params.omega2 +
    resampled(params.sigmaA2, params.kA ?? 1, 'sigmaA2', 'kA') +
    resampled(params.sigmaB2, params.kB ?? 1, 'sigmaB2', 'kB');
  if (!(v > 0)) throw new InputError('omega2', 'omega2 + sigmaA2/kA + sigmaB2/kB must be > 0');
  return v;
}
