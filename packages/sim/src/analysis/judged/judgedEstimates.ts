/**
 * The judge-correction estimates as the analysis reports them: each core interval
 * (core judged/) with its display name, λ, whether a bound leaves [0, 1] (the range of an
 * accuracy), and — when a method cannot apply on this system's rows — why, instead of a number.
 */
import type { JudgedDifference, JudgedInterval, JudgedMethod, JudgedSums } from '@evalsim/core';

/** Display names, in report order. */
export const JUDGED_METHOD_NAMES: Readonly<Record<JudgedMethod, string>> = {
  ppiPlusPlus: 'PPI++',
  ppi: 'PPI',
  lee: 'Rogan–Gladen, Lee et al. interval',
  roganGladen: 'Rogan–Gladen, delta method',
  labelledOnly: 'labelled only',
  judgeOnly: 'judge only (uncorrected)',
};

/** Report order of the per-system methods. */
export const SYSTEM_METHODS: readonly JudgedMethod[] = [
  'ppiPlusPlus',
  'ppi',
  'lee',
  'roganGladen',
  'labelledOnly',
  'judgeOnly',
];

/** Report order of the pair methods (Lee et al.'s interval has no two-system form). */
export const PAIR_METHODS = ['ppiPlusPlus', 'ppi', 'roganGladen', 'labelledOnly', 'judgeOnly'] as const;

export interface JudgedEstimate {
  readonly method: JudgedMethod;
  readonly name: string;
  /** NaN (null in JSON) when skipped. */
  readonly estimate: number;
  readonly se: number;
  readonly lower: number;
  readonly upper: number;
  /** λ of a PPI method (the first system's in a pair); NaN otherwise. */
  readonly lambda: number;
  /** The second system's λ in a pair. */
  readonly lambdaSecond?: number;
  /** A bound outside the possible range (below −1 or above 1 for a difference, [0, 1] for a system). */
  readonly outOfRange: boolean;
  /** Why the method does not apply here (null when it does). */
  readonly skipped: string | null;
}

/** Why `method` cannot apply on rows with these sums, or null. */
export function skipReason(method: JudgedMethod, sums: JudgedSums): string | null {
  if (method === 'judgeOnly') return null;
  if (sums.labelled === 0) return 'no labelled row';
  if (method === 'labelledOnly') return null;
  if (sums.unlabelled === 0) return 'every judged row is labelled (nothing for the judge to add)';
  if (method === 'ppi' || method === 'ppiPlusPlus') return null;
  if (!sums.judgeBinary) return 'the verdicts are graded, not 0/1 (Rogan–Gladen needs a 0/1 judge)';
  if (!sums.labelBinary) return 'the labels are graded, not 0/1';
  if (!(sums.positives > 0)) return 'no labelled row is correct (sensitivity unknown)';
  if (!(sums.negatives > 0)) return 'no labelled row is incorrect (specificity unknown)';
  const q1 = sums.truePositives / sums.positives;
  const q0 = sums.trueNegatives / sums.negatives;
  if (!(q0 + q1 > 1))
    return `the judge is no better than chance on the labelled rows (sensitivity + specificity = ${(q0 + q1).toFixed(3)} ≤ 1)`;
  return null;
}

/** The reported form of a core interval (or difference); `range` is [low, high] of the estimand. */
export function reportEstimate(
  interval: JudgedInterval | JudgedDifference,
  skipped: string | null,
  range: readonly [number, number],
): JudgedEstimate {
  const nan = Number.NaN;
  const out = skipped !== null || Number.isNaN(interval.estimate);
  const base = {
    method: interval.method,
    name: JUDGED_METHOD_NAMES[interval.method],
    estimate: out ? nan : interval.estimate,
    se: out ? nan : interval.se,
    lower: out ? nan : interval.lower,
    upper: out ? nan : interval.upper,
    lambda: out ? nan : interval.lambda,
    outOfRange: !out && (interval.lower < range[0] || interval.upper > range[1]),
    skipped: skipped ?? (out ? 'undefined on these rows' : null),
  };
  return 'lambdaSecond' in interval ? { ...base, lambdaSecond: out ? nan : interval.lambdaSecond } : base;
}
