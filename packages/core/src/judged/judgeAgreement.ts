/**
 * How well the judge agrees with the human labels, on the labelled rows of 0/1 verdicts and
 * labels: sensitivity q1 = P(f = 1 | y = 1), specificity q0 = P(f = 0 | y = 0), each with the
 * Wilson interval at its cluster-effective size m* = min(m, q(1 − q)/V̂) (V̂ the cluster-robust
 * variance of judgedInfluence.ts; m* = the count m without clusters, or when V̂ = 0 or q ∈ {0, 1}:
 * then it is statsmodels' `proportion_confint(method='wilson')`), and Cohen's κ with its large-sample
 * (Fleiss, Cohen & Everitt 1969) standard error, cluster-robust with clusters, and the Wald
 * interval κ ± z·SE (bounds may leave [−1, 1]; the caller marks them).
 */
import { normalCritical } from '../distributions/index.js';
import { wilsonBounds } from '../intervals/index.js';
import { assertLevel } from '../validate.js';
import { judgedInfluence, sumOfSquares } from './judgedInfluence.js';
import { effectiveSize, type JudgedWork, judgedWork } from './judgedInterval.js';
import type { JudgedSample } from './judgedSample.js';

export interface AgreementRate {
  readonly estimate: number;
  readonly lower: number;
  readonly upper: number;
  /** Labelled rows of that class (m1 for sensitivity, m0 for specificity). */
  readonly count: number;
  /** The size the Wilson interval used (m, or m* with clusters). */
  readonly effectiveCount: number;
}

export interface JudgeAgreement {
  /** NaN fields when the labelled rows have no y = 1. */
  readonly sensitivity: AgreementRate;
  /** NaN fields when the labelled rows have no y = 0. */
  readonly specificity: AgreementRate;
  /** Share of labelled rows where f = y. */
  readonly agreement: number;
  readonly kappa: {
    readonly estimate: number;
    readonly se: number;
    readonly lower: number;
    readonly upper: number;
  };
  readonly level: number;
}

function rate(
  sample: JudgedSample,
  work: JudgedWork,
  which: 'sensitivity' | 'specificity',
  z: number,
): AgreementRate {
  const { sums, totals } = work;
  const count = which === 'sensitivity' ? sums.positives : sums.negatives;
  const q = judgedInfluence(sample, sums, which, totals);
  if (Number.isNaN(q)) {
    const nan = Number.NaN;
    return {
      estimate: nan,
      lower: nan,
      upper: nan,
      count: Number.isNaN(count) ? 0 : count,
      effectiveCount: nan,
    };
  }
  const m = effectiveSize(sample, q, sumOfSquares(totals, sums.clusters), count);
  const b = { lower: 0, upper: 0 };
  wilsonBounds(q * m, m, z, b);
  if (q === 1) b.upper = 1;
  return { estimate: q, lower: b.lower, upper: b.upper, count, effectiveCount: m };
}

/** Sensitivity, specificity and κ of the judge on `sample`'s labelled rows (module comment). */
export function judgeAgreement(
  sample: JudgedSample,
  level = 0.95,
  work: JudgedWork = judgedWork(sample),
): JudgeAgreement {
  assertLevel(level);
  const z = normalCritical(level);
  const { sums, totals } = work;
  const kappa = judgedInfluence(sample, sums, 'kappa', totals);
  const se = Number.isNaN(kappa) ? Number.NaN : Math.sqrt(sumOfSquares(totals, sums.clusters));
  const agreement =
    sums.judgeBinary && sums.labelBinary && sums.labelled > 0
      ? (sums.truePositives + sums.trueNegatives) / sums.labelled
      : Number.NaN;
  return {
    sensitivity: rate(sample, work, 'sensitivity', z),
    specificity: rate(sample, work, 'specificity', z),
    agreement,
    kappa: { estimate: kappa, se, lower: kappa - z * se, upper: kappa + z * se },
    level,
  };
}
