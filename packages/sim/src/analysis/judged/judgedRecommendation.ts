/**
 * The one estimate the analysis recommends, per system and per pair, by a fixed rule (stated in
 * docs/judged.md), set by the `judge-correction` study (72 cells: N 500–10,000 judged rows,
 * n 50–1,000 labels, sensitivity 0.7–0.95, specificity 0.7–0.95; 2,000 replications, MCSE
 * ≈ 0.5 points):
 *
 * 1. no labelled row → the judge's own score, said to be uncorrected (nothing can correct it);
 * 2. every judged row labelled → the labelled mean (the judge adds nothing);
 * 3. fewer than {@link FEW_LABELS} labels, 0/1 verdicts and labels, Rogan–Gladen defined (both
 *    classes labelled, sensitivity + specificity > 1) → Rogan–Gladen with Lee et al.'s interval:
 *    at n = 50 it covered 95.1–99.0% in every cell, where PPI++ fell to 87.2% (an accurate judge
 *    leaves a handful of disagreements to estimate the correction's variance from) and PPI to
 *    86.4%; Lee's interval is wider (1.2–2.8× PPI++'s);
 * 4. otherwise PPI++: from n = 100 it covered 93.0–95.5% in all 54 cells, the narrowest of the
 *    corrected intervals in every cell (λ̂ falls towards 0 when the judge says little, so it is
 *    never much wider than the labelled-only interval).
 *
 * A pair: the PPI++ difference when both systems are labelled (Lee et al. has no two-system
 * form; with fewer than FEW_LABELS labels the reason says PPI++ may fall short), else the judges'
 * difference, said to be uncorrected.
 */
import type { JudgedMethod, JudgedSums } from '@evalsim/core';
import { JUDGED_METHOD_NAMES } from './judgedEstimates.js';

/** Below this many labelled rows the rule prefers Lee et al.'s interval (rule 3). */
export const FEW_LABELS = 100;

export interface JudgedRecommendation {
  readonly method: JudgedMethod;
  readonly name: string;
  readonly reason: string;
  /** True when the recommended number is not corrected for the judge's errors. */
  readonly uncorrected: boolean;
}

function recommend(method: JudgedMethod, reason: string): JudgedRecommendation {
  return { method, name: JUDGED_METHOD_NAMES[method], reason, uncorrected: method === 'judgeOnly' };
}

/** Rogan–Gladen is defined on these rows (0/1, both classes labelled, sens + spec > 1, some unlabelled). */
function roganGladenDefined(sums: JudgedSums): boolean {
  if (!sums.judgeBinary || !sums.labelBinary || !(sums.positives > 0) || !(sums.negatives > 0)) return false;
  return sums.unlabelled > 0 && sums.truePositives / sums.positives + sums.trueNegatives / sums.negatives > 1;
}

/** The rule for one system. */
export function recommendSystem(sums: JudgedSums): JudgedRecommendation {
  if (sums.labelled === 0)
    return recommend('judgeOnly', 'no labelled row: the judge’s score, uncorrected for its errors');
  if (sums.unlabelled === 0)
    return recommend('labelledOnly', 'every judged row is labelled: the human labels alone');
  if (sums.labelled < FEW_LABELS && roganGladenDefined(sums)) {
    return recommend(
      'lee',
      `fewer than ${FEW_LABELS} labels: Lee et al.’s interval held its coverage at 50 labels in the judge-correction study, where PPI++ fell to 87%`,
    );
  }
  return recommend(
    'ppiPlusPlus',
    sums.labelled < FEW_LABELS
      ? `PPI++ (fewer than ${FEW_LABELS} labels and no Rogan–Gladen here: PPI++ covered 87–94% at 50 labels in the judge-correction study)`
      : 'labels on some rows: PPI++ corrects the judge with them and weighs the judge by λ̂',
  );
}

/** The rule for a pair (first − second). */
export function recommendPair(first: JudgedSums, second: JudgedSums): JudgedRecommendation {
  if (first.labelled === 0 || second.labelled === 0) {
    return recommend(
      'judgeOnly',
      'a system without labelled rows: the judges’ difference, uncorrected for their errors',
    );
  }
  if (first.unlabelled === 0 && second.unlabelled === 0)
    return recommend('labelledOnly', 'every judged row is labelled: the human labels alone');
  return recommend(
    'ppiPlusPlus',
    Math.min(first.labelled, second.labelled) < FEW_LABELS
      ? `the difference of the two systems’ PPI++ estimates (fewer than ${FEW_LABELS} labels: PPI++ may cover less than it says)`
      : 'the difference of the two systems’ PPI++ estimates',
  );
}
