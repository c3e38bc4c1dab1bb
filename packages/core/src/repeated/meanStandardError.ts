import { assertPositive, InputError } from '../validate.js';

export interface MeanStandardErrorInput {
  /** Var(x), the between-question variance σ_x². */
  readonly betweenVariance: number;
  /** E[σ²], the mean within-question (sampling) variance σ_ε². */
  readonly withinVariance: number;
  /** Number of questions n (> 0). */
  readonly n: number;
  /** Answers per question K (≥ 1; Infinity gives the floor √(σ_x²/n)). */
  readonly K: number;
}

/**
 * Standard error of the benchmark mean with K answers per question (Miller 2024, §3;
 * seed 003):  SE = √((σ_x² + σ_ε²/K) / n).
 */
export function meanStandardError({ betweenVariance, withinVariance, n, K }: MeanStandardErrorInput): number {
  assertPositive('betweenVariance', betweenVariance, true);
  assertPositive('withinVariance', withinVariance, true);
  assertPositive('n', n);
  if (typeof K !== 'number' || !(K >= 1)) throw new InputError('K', `must be ≥ 1 (or Infinity), got ${K}`);
  return Math.sqrt((betweenVariance + withinVariance / K) / n);
}
