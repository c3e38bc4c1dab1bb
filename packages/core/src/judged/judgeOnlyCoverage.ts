/**
 * Exact coverage of the judge-only interval for the true accuracy θ when the verdicts are
 * independent Bernoulli(p_f) with p_f = θ·sensitivity + (1 − θ)(1 − specificity) (one system, no
 * clusters, a judge whose rates do not vary from answer to answer): with K ~ Binomial(R, p_f)
 * verdicts "right" among R rows and f̄ = K/R,
 *
 *   C = Σ_{k=0}^{R} Bin(k; R, p_f) · 1[ |k/R − θ| ≤ z·√(f̄(1 − f̄)/R) ],
 *
 * the interval f̄ ± z·√(f̄(1 − f̄)/R) being the judge-only interval (ppi_py `classical_mean_ci` on
 * the verdicts: ddof 0, z). It covers E[f] = p_f at about the nominal level and θ only when the
 * judge's bias p_f − θ is small against its width.
 */
import { binomialPmfsInto } from '../distributions/binomialPmfs.js';
import { normalCritical } from '../distributions/index.js';
import { assertInteger, assertLevel, assertProbability } from '../validate.js';

export function judgeOnlyCoverage(
  accuracy: number,
  sensitivity: number,
  specificity: number,
  rows: number,
  level = 0.95,
): number {
  assertProbability('accuracy', accuracy);
  assertProbability('sensitivity', sensitivity);
  assertProbability('specificity', specificity);
  assertInteger('rows', rows, 1);
  assertLevel(level);
  const p = accuracy * sensitivity + (1 - accuracy) * (1 - specificity);
  const pmf = binomialPmfsInto(rows, Math.min(1, Math.max(0, p)), new Float64Array(rows + 1));
  const z = normalCritical(level);
  let coverage = 0;
  for (let k = 0; k <= rows; k++) {
    const f = k / rows;
    if (Math.abs(f - accuracy) <= z * Math.sqrt((f * (1 - f)) / rows)) coverage += pmf[k];
  }
  return coverage;
}
