/**
 * "Two single runs must differ by at least X points": the spread of the difference between two
 * independent single-sample runs of the same system on the same Q questions. Run r scores
 * (1/Q) Σ_i y_ri with y_ri ~ Bernoulli(p_i) (or any score with mean m_i and variance σ²_i),
 * independently across runs, so
 *
 *   D = (1/Q) Σ_i (y_1i − y_2i),   E[D] = 0,   Var(D) = (2/Q²) Σ_i σ²_i,
 *
 * and two runs differ by more than X = z_{1−α/2} · √(2 Σ_i σ²_i) / Q with probability ≈ α
 * (normal approximation; D is a sum of Q independent terms). σ²_i is estimated without bias
 * by the question's within-sample variance s²_i (n_i − 1 divisor; c_i(n_i − c_i)/(n_i(n_i − 1))
 * for pass/fail samples), so with Miller's E[σ²] = (1/Q) Σ s²_i (repeated/varianceComponents.ts)
 * X = z √(2 E[σ²]/Q). A gap between two runs smaller than X is what reruns alone produce.
 */
import { normalCritical } from '../distributions/index.js';
import { assertInteger, assertLevel, assertPositive } from '../validate.js';

export interface RunToRunDifference {
  /** SD of D, √(2 Σ s²_i)/Q. */
  readonly sd: number;
  /** X: the (1 − α) two-sided bound of |D|. */
  readonly bound: number;
  readonly level: number;
}

/** From Σ_i s²_i over Q questions (checked). */
export function runToRunDifference(withinSum: number, questions: number, level = 0.95): RunToRunDifference {
  assertPositive('withinSum', withinSum, true);
  assertInteger('questions', questions, 1);
  assertLevel(level);
  const sd = Math.sqrt(2 * withinSum) / questions;
  return { sd, bound: normalCritical(level) * sd, level };
}
