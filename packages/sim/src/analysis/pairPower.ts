/**
 * Power of a paired comparison from its MEASURED variances (Miller 2024 eqs. 9–10; core
 * power/):
 *
 * - {@link pairPower}: V = s_d², the per-question variance of the analysed differences, as ω²
 *   with σ² = 0 (it already holds the sampling noise at the analysed epochs):
 *   MDE = (z_{1−α/2} + z_{power})·√(V/Q) and n = (z + z)²·V/δ² per gap δ; with clusters also
 *   the CR1 MDE (z + z)·SE_CR1 and n·DEFF_d, DEFF_d = Var_CR1/Var_paired (new questions in new
 *   clusters of today's sizes);
 * - {@link epochPower}: from the epoch means, ω² = S²(d̄_i) − (1/n)Σ s²_first,i/K_first,i −
 *   (1/n)Σ s²_second,i/K_second,i (method of moments, truncated at 0 and flagged) and each
 *   system's E[σ²], so V_K = ω² + σ²_first/K + σ²_second/K: the MDE and the questions the
 *   observed gap over all answers needs at K answers per question (seed 000 Step 4).
 */
import { millerPairedMde, millerPairedSampleSize, powerZSum } from '@evalsim/core';
import type { ResolvedAnalyzeOptions } from './analysisOptions.js';
import { epochMeanGap } from './pairPasses.js';
import type { QuestionScores } from './questionScores.js';
import type { VarianceSplit } from './systemSummary.js';

export interface PairPower {
  /** s_d², the measured per-question variance of the differences. */
  readonly variance: number;
  readonly mde: number;
  readonly mdeClustered: number | null;
  readonly designEffect: number | null;
  readonly questionsFor: readonly {
    readonly gap: number;
    readonly questions: number;
    readonly clusteredQuestions: number | null;
  }[];
}

/**
 * Miller's paired power with epochs (eqs. 9–10, seed 000 Step 4), from the epoch means
 * whatever `epoch` says: d̄_i = m_first,i − m_second,i, σ² = each system's E[σ²] and
 * ω² = S²(d̄_i) − (1/n)Σ s²_first,i/K_first,i − (1/n)Σ s²_second,i/K_second,i (method of
 * moments, truncated at 0 and flagged). For K answers per question from each system:
 * V_K = ω² + σ²_first/K + σ²_second/K, the MDE on these questions and the questions the
 * observed gap over all answers would need.
 */
export interface EpochPower {
  /** Mean of d̄_i: the gap over all answers. */
  readonly gap: number;
  readonly omega2: number;
  readonly omega2Truncated: boolean;
  readonly sigmaFirst2: number;
  readonly sigmaSecond2: number;
  readonly byEpochs: readonly {
    /** Answers per question from each system (Infinity: unlimited). */
    readonly epochs: number;
    readonly mde: number;
    /** Questions the observed gap needs; null when the gap is 0. */
    readonly questionsForGap: number | null;
  }[];
}

/** Power from the measured paired variance (null when it is 0). */
export function pairPower(
  variance: number,
  pairedSe: number,
  clusteredSe: number | null,
  Q: number,
  options: ResolvedAnalyzeOptions,
): PairPower | null {
  if (!(variance > 0)) return null;
  const params = { omega2: variance, sigmaA2: 0, sigmaB2: 0, alpha: options.alpha, power: options.power };
  const designEffect = clusteredSe !== null ? clusteredSe ** 2 / pairedSe ** 2 : null;
  return {
    variance,
    mde: millerPairedMde({ ...params, n: Q }),
    mdeClustered: clusteredSe !== null ? powerZSum(options.alpha, options.power) * clusteredSe : null,
    designEffect,
    questionsFor: options.gaps.map((gap) => {
      const n = millerPairedSampleSize({ ...params, delta: gap });
      return {
        gap,
        questions: n.items,
        clusteredQuestions: designEffect === null ? null : Math.ceil(n.n * designEffect * (1 - 1e-12)),
      };
    }),
  };
}

/** Miller's paired power with epochs (null when ω² + σ²'s is 0); `scratch` has length ≥ 2. */
export function epochPower(
  a: QuestionScores,
  b: QuestionScores,
  vA: VarianceSplit,
  vB: VarianceSplit,
  options: ResolvedAnalyzeOptions,
  scratch: Float64Array,
): EpochPower | null {
  const Q = a.scores.length;
  epochMeanGap(a, b, scratch);
  const gap = scratch[0];
  const unbiased = scratch[1] / (Q - 1) - vA.withinOverEpochs - vB.withinOverEpochs;
  const omega2 = Math.max(0, unbiased);
  if (!(omega2 + vA.within + vB.within > 0)) return null;
  const params = {
    omega2,
    sigmaA2: vA.within,
    sigmaB2: vB.within,
    alpha: options.alpha,
    power: options.power,
  };
  return {
    gap,
    omega2,
    omega2Truncated: unbiased < 0,
    sigmaFirst2: vA.within,
    sigmaSecond2: vB.within,
    byEpochs: [...options.projectEpochs, Number.POSITIVE_INFINITY]
      .filter((K) => K !== Number.POSITIVE_INFINITY || omega2 > 0)
      .map((K) => ({
        epochs: K,
        mde: millerPairedMde({ ...params, kA: K, kB: K, n: Q }),
        questionsForGap:
          gap === 0 ? null : millerPairedSampleSize({ ...params, kA: K, kB: K, delta: gap }).items,
      })),
  };
}
