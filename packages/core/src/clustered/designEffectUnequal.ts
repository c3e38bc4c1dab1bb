/**
 * Design effect with unequal cluster sizes (Eldridge, Ashby & Kerry 2006, Int. J.
 * Epidemiol. 35:1292; seed 001):
 *
 *   DEFF ≈ 1 + [(1 + CV²)·m̄ − 1]·ρ,
 *
 * m̄ the mean cluster size and CV the coefficient of variation of cluster sizes. With
 * the population CV ({@link coefficientOfVariation}) (1 + CV²)·m̄ = Σn_g²/N, so this is
 * exactly Var(ȳ)/(σ²/N) for the unweighted item mean under an exchangeable
 * within-cluster correlation ρ.
 */
import { assertFinite, assertPositive, InputError } from '../validate.js';

/** 1 + [(1 + cv²)·meanSize − 1]·rho; meanSize ≥ 1, cv ≥ 0, rho ∈ [−1, 1], result > 0. */
export function designEffectUnequal(meanSize: number, cv: number, rho: number): number {
  assertFinite('meanSize', meanSize);
  if (meanSize < 1) throw new InputError('meanSize', `must be ≥ 1, got ${meanSize}`);
  assertFinite('cv', cv);
  assertPositive('cv', cv, true);
  assertFinite('rho', rho);
  if (rho < -1 || rho > 1) throw new InputError('rho', `must be in [−1, 1], got ${rho}`);
  const deff = 1 + ((1 + cv * cv) * meanSize - 1) * rho;
  if (!(deff > 0)) {
    throw new InputError('rho', `gives a design effect ≤ 0 (${deff}); a negative rho must be > −1/(m − 1)`);
  }
  return deff;
}
