/**
 * The maximum-likelihood beta-binomial fit of per-question pass counts: question i passed c_i
 * of n_i samples, p_i ~ Beta(a, b). Maximised over (logit μ, log d), μ = a/(a + b),
 * d = a + b, by Newton's method on the grouped likelihood (betaBinomialLikelihood.ts), from the
 * pooled rate and ρ = 0.3. The fit is the difficulty distribution `plan --samples` extrapolates
 * to other sample counts with (passAtKDesignVariance.ts). d is bounded to [e^−20, e^25]: at the
 * lower end every question's samples agree (ρ → 1), at the upper end the questions look
 * equally hard (ρ → 0, binomial); `boundary` says when the fit stopped there. Needs n_i ≥ 2 for
 * some question (with single samples d is not identified).
 */
import { assertInteger, InputError } from '../validate.js';
import {
  betaBinomialLogLikelihood,
  createCountGroups,
  createLikelihoodScratch,
  createModeResult,
  groupCounts,
  maximizeLogDensity,
} from './betaBinomialLikelihood.js';

export interface BetaBinomialFit {
  readonly a: number;
  readonly b: number;
  /** μ = a/(a + b). */
  readonly mean: number;
  /** ρ = 1/(a + b + 1): the correlation of two samples of one question. */
  readonly icc: number;
  readonly logLikelihood: number;
  /** The fit stopped at a bound of d (see the module comment). */
  readonly boundary: boolean;
}

export function fitBetaBinomial(correct: ArrayLike<number>, asks: ArrayLike<number>): BetaBinomialFit {
  if (correct.length !== asks.length || asks.length < 1) {
    throw new InputError(
      'correct',
      `must have one count per question (${asks.length}), got ${correct.length}`,
    );
  }
  let maxN = 0;
  let passes = 0;
  let samples = 0;
  for (let i = 0; i < asks.length; i++) {
    assertInteger(`asks[${i}]`, asks[i], 1);
    assertInteger(`correct[${i}]`, correct[i], 0);
    if (correct[i] > asks[i]) throw new InputError('correct', `entry ${i} exceeds asks[${i}] (${asks[i]})`);
    if (asks[i] > maxN) maxN = asks[i];
    passes += correct[i];
    samples += asks[i];
  }
  if (maxN < 2)
    throw new InputError('asks', 'every question has one sample: the spread of difficulty is not identified');
  const groups = createCountGroups(asks.length);
  groupCounts(correct, asks, groups);
  const scratch = createLikelihoodScratch(maxN);
  const mode = createModeResult();
  const p0 = Math.min(Math.max((passes + 0.5) / (samples + 1), 1e-6), 1 - 1e-6);
  maximizeLogDensity(
    (u, s) => betaBinomialLogLikelihood(u, s, groups, scratch),
    Math.log(p0 / (1 - p0)),
    Math.log(1 / 0.3 - 1),
    mode,
  );
  const d = Math.exp(mode.s);
  const mean = 1 / (1 + Math.exp(-mode.u));
  return {
    a: d * mean,
    b: d / (1 + Math.exp(mode.u)),
    mean,
    icc: 1 / (d + 1),
    logLikelihood: mode.value,
    boundary: mode.s <= -20 + 1e-6 || mode.s >= 25 - 1e-6,
  };
}
