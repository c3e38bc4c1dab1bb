/**
 * The variance parts of Miller's power formulas for a population of questions scored with
 * one answer per system per question (Miller 2024, "Adding Error Bars to Evals", §4, eqs. 9–10;
 * seed 000 Step 4), from the per-question success rates p_iA, p_iB (i = 1..N, population
 * moments, divisor N):
 *
 *   ω²      = Var_i(p_iA − p_iB)           variance of the true per-question differences
 *   σ_A²    = mean_i p_iA (1 − p_iA)        within-question sampling variance of one answer
 *   Var(x_A) = Var_i(p_iA)                  spread of question difficulty (unpaired formula)
 *
 * and gap δ = mean_i p_iA − mean_i p_iB. With one Bernoulli(p_i) answer per question the
 * paired per-question variance is ω² + σ_A² + σ_B² and the unpaired one
 * Var(x_A) + σ_A² + Var(x_B) + σ_B² = p̄_A(1 − p̄_A) + p̄_B(1 − p̄_B).
 *
 * Graded scores: p_i is the question's mean score and one answer is one of its recorded scores
 * drawn uniformly (recordedScoreMean.ts), whose variance is not p_i(1 − p_i) but the population
 * variance v_i of its recorded scores — given as `withinA` / `withinB`, σ² = mean_i v_i.
 */
export interface PowerParts {
  readonly gap: number;
  readonly omega2: number;
  readonly sigmaA2: number;
  readonly sigmaB2: number;
  readonly varianceA: number;
  readonly varianceB: number;
}

export function powerParts(
  ratesA: Float64Array,
  ratesB: Float64Array,
  withinA?: Float64Array,
  withinB?: Float64Array,
): PowerParts {
  const n = ratesA.length;
  if (ratesB.length !== n) throw new RangeError(`ratesB: length ${ratesB.length}, expected ${n}`);
  let meanA = 0;
  let meanB = 0;
  for (let i = 0; i < n; i++) {
    meanA += ratesA[i] / n;
    meanB += ratesB[i] / n;
  }
  let omega2 = 0;
  let sigmaA2 = 0;
  let sigmaB2 = 0;
  let varianceA = 0;
  let varianceB = 0;
  const gap = meanA - meanB;
  for (let i = 0; i < n; i++) {
    const a = ratesA[i];
    const b = ratesB[i];
    omega2 += (a - b - gap) ** 2 / n;
    sigmaA2 += (withinA ? withinA[i] : a * (1 - a)) / n;
    sigmaB2 += (withinB ? withinB[i] : b * (1 - b)) / n;
    varianceA += (a - meanA) ** 2 / n;
    varianceB += (b - meanB) ** 2 / n;
  }
  return { gap, omega2, sigmaA2, sigmaB2, varianceA, varianceB };
}
