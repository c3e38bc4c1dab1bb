/**
 * The one estimate the analysis recommends, per system and per pair, by a fixed rule (stated in
 * docs/judged.md and checked against the `judge-correction` study's coverage):
 *
 * 1. no labelled row → the judge's own score, said to be uncorrected (nothing can correct it);
 * 2. every judged row labelled → the labelled mean (the judge adds nothing);
 * 3. otherwise PPI++: it corrects the judge's bias with the labelled slice like PPI, and its λ̂
 *    falls towards 0 when the judge says little about the labels, so it is never much wider than
 *    the labelled-only interval and narrower when the judge is good.
 *
 * A pair: the PPI++ difference when both systems can have it, else the first rule that applies
 * to the two of them (an uncorrected difference is said to be one).
 */
import type { JudgedMethod, JudgedSums } from '@evalsim/core';
import { JUDGED_METHOD_NAMES } from './judgedEstimates.js';

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

/** The rule for one system. */
export function recommendSystem(sums: JudgedSums): JudgedRecommendation {
  if (sums.labelled === 0)
    return recommend('judgeOnly', 'no labelled row: the judge’s score, uncorrected for its errors');
  if (sums.unlabelled === 0)
    return recommend('labelledOnly', 'every judged row is labelled: the human labels alone');
  return recommend(
    'ppiPlusPlus',
    'labels on some rows: PPI++ corrects the judge with them and weighs the judge by λ̂',
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
  return recommend('ppiPlusPlus', 'the difference of the two systems’ PPI++ estimates');
}
