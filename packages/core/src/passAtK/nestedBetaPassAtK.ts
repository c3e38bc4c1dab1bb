/**
 * The population pass@k and pass^k when questions come in clusters: cluster g's mean
 * difficulty m_g ~ Beta(μκ_c, (1 − μ)κ_c) and its questions' pass probabilities
 * p ~ Beta(m_gκ_q, (1 − m_g)κ_q) (the clustered cells of model passAtKSamples). Given m the
 * inner expectation is betaPassAtK's product, so
 *
 *   pass@k = ∫₀¹ Beta(m; μκ_c, (1 − μ)κ_c) · [1 − Π_{j<k} ((1 − m)κ_q + j)/(κ_q + j)] dm
 *
 * (pass^k with Π (mκ_q + j)/(κ_q + j)), a one-dimensional integral done by the tanh-sinh
 * (double-exponential) rule, m = 1/(1 + e^{−π sinh t}), step 1/64 on |t| ≤ 4.5: the beta density
 * times dm/dt = π cosh t · m(1 − m) decays double-exponentially at both ends, so the
 * endpoint singularities of a U-shaped cluster law (μκ_c < 1) cost nothing. Accurate to about
 * 1e-13 against mpmath (fixtures/scripts/passAtK.py `nested`).
 */
import { logBeta } from '../distributions/index.js';
import { assertInteger, assertPositive, assertProbability } from '../validate.js';
import type { PassEstimand } from './betaBinomialPassAtKInterval.js';

const STEP = 1 / 64;
const LIMIT = 4.5;

/** The clustered population value (checked: μ ∈ (0, 1), κ_c, κ_q > 0, k ≥ 1). */
export function nestedBetaPassAtK(
  mean: number,
  clusterConcentration: number,
  questionConcentration: number,
  k: number,
  estimand: PassEstimand = 'passAtK',
): number {
  assertProbability('mean', mean, true);
  assertPositive('clusterConcentration', clusterConcentration);
  assertPositive('questionConcentration', questionConcentration);
  assertInteger('k', k, 1);
  const alpha = mean * clusterConcentration;
  const beta = (1 - mean) * clusterConcentration;
  const logNorm = logBeta(alpha, beta);
  const kq = questionConcentration;
  let sum = 0;
  const steps = Math.round(LIMIT / STEP);
  for (let j = -steps; j <= steps; j++) {
    const t = j * STEP;
    const e = Math.PI * Math.sinh(t);
    // log m and log(1 − m) without cancellation.
    const logM = e > 0 ? -Math.log1p(Math.exp(-e)) : e - Math.log1p(Math.exp(e));
    const logOneMinus = e > 0 ? -e - Math.log1p(Math.exp(-e)) : -Math.log1p(Math.exp(e));
    const weight = Math.PI * Math.cosh(t) * Math.exp(alpha * logM + beta * logOneMinus - logNorm);
    if (weight === 0) continue;
    const m = Math.exp(logM);
    let value: number;
    if (estimand === 'passAtK') {
      let s = 0;
      for (let i = 0; i < k; i++) s += Math.log1p(-(m * kq) / (kq + i));
      value = -Math.expm1(s);
    } else {
      let product = 1;
      for (let i = 0; i < k; i++) product *= (m * kq + i) / (kq + i);
      value = product;
    }
    sum += weight * value;
  }
  return sum * STEP;
}
