/**
 * Variance of a difference of two independent means per item of each system, the
 * unpaired counterpart of Miller's paired V (Miller 2024 §4; seed 000 Step 4 "without
 * pairing"):
 *
 *   V = Var(x_A) + σ_A²/K_A + Var(x_B) + σ_B²/K_B,
 *
 * Var(x) the between-question variance of a system's true success rates, σ² its
 * within-question sampling variance, K its answers per question. For one 0/1 answer per
 * question Var(x) + σ² = p(1 − p), so V = p_A(1 − p_A) + p_B(1 − p_B).
 */
import { assertPositive, InputError } from '../validate.js';

export interface UnpairedPowerParams {
  /** Var(x_A), between-question variance of system A (≥ 0). */
  varianceA: number;
  /** Var(x_B) (≥ 0). */
  varianceB: number;
  /** σ_A², within-question variance of A (default 0). */
  sigmaA2?: number;
  /** σ_B² (default 0). */
  sigmaB2?: number;
  /** Answers per question (≥ 1 or Infinity; default 1). */
  kA?: number;
  kB?: number;
  alpha?: number;
  power?: number;
}

function term(variance: number, sigma2: number, k: number, names: [string, string, string]): number {
  assertPositive(names[0], variance, true);
  assertPositive(names[1], sigma2, true);
  if (!(typeof k === 'number' && k >= 1))
    throw new InputError(names[2], `must be ≥ 1 or Infinity, got ${String(k)}`);
  return variance + (k === Number.POSITIVE_INFINITY ? 0 : sigma2 / k);
}

/** V = Var(x_A) + σ_A²/K_A + Var(x_B) + σ_B²/K_B (> 0 required). */
export function unpairedVariance(params: UnpairedPowerParams): number {
  const v =
    term(params.varianceA, params.sigmaA2 ?? 0, params.kA ?? 1, ['varianceA', 'sigmaA2', 'kA']) +
    term(params.varianceB, params.sigmaB2 ?? 0, params.kB ?? 1, ['varianceB', 'sigmaB2', 'kB']);
  if (!(v > 0)) throw new InputError('varianceA', 'the total variance must be > 0');
  return v;
}
