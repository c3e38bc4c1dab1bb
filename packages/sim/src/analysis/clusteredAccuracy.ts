/**
 * analyze's clustered intervals for one system's accuracy on its 0/1 answers (one epoch,
 * k right of Q in K ≥ 2 clusters), beside Wilson and Clopper–Pearson:
 *
 * - Korn–Graubard (1998) effective-sample-size Wilson and Clopper–Pearson (core
 *   kornGraubardWilsonInterval / kornGraubardClopperPearsonInterval): p̂ = k/Q, v(p̂) the CR1
 *   (Liang–Zeger) variance of the 0/1 answers' mean, df = K − 1, so
 *   n*_df = p̂(1 − p̂)/v(p̂) · (t_{Q−1}/t_{K−1})² — R survey's svyciprop(method = "beta") for
 *   svydesign(ids = ~cluster); at p̂ ∈ {0, 1} or v = 0, n* falls back to Q (a stated note);
 * - Bowyer et al.'s (2025) hierarchical beta-binomial credible interval (core
 *   hierarchicalBetaBinomialInterval; k_t right of n_t per cluster). It costs ≈ 0.5 s per
 *   system, so analyze runs it on request (`hbb: 'on'`) or, by default (`'auto'`), only when
 *   the eval has at most {@link HBB_AUTO_SYSTEMS} systems; otherwise it is skipped with that reason.
 */
import {
  cr1ClusteredVariance,
  hierarchicalBetaBinomialInterval,
  kornGraubardClopperPearsonInterval,
  kornGraubardWilsonInterval,
} from '@evalsim/core';
import type { ResolvedAnalyzeOptions } from './analysisOptions.js';
import type { Bounds } from './clusterBootstrapSet.js';
import { type ClusterLayout, type ClusterSums, fillClusterSums } from './clusterLayout.js';
import type { SkippedMethod } from './systemSummary.js';

/** With `hbb: 'auto'`, the hierarchical beta-binomial runs for evals of at most this many systems. */
export const HBB_AUTO_SYSTEMS = 4;

export interface ClusteredAccuracy {
  readonly clusters: number;
  /** Q / DEFF behind Korn–Graubard, before the df factor: p̂(1 − p̂)/v(p̂) (null when v = 0 or p̂ ∈ {0, 1}). */
  readonly effectiveQuestions: number | null;
  readonly kornGraubardWilson: Bounds;
  readonly kornGraubardClopperPearson: Bounds;
  /** Null when not run (reason in `skipped`). */
  readonly hierarchicalBetaBinomial: Bounds | null;
}

/**
 * The intervals above for `answers` (0/1 per question) in `layout`'s clusters; `systems` is
 * the eval's system count (for `hbb: 'auto'`); `sums` is scratch sized for the layout.
 */
export function clusteredAccuracy(
  answers: Uint8Array,
  layout: ClusterLayout,
  options: ResolvedAnalyzeOptions,
  systems: number,
  sums: ClusterSums,
  skipped: SkippedMethod[],
): ClusteredAccuracy {
  const { level } = options;
  const Q = answers.length;
  const K = layout.count;
  fillClusterSums(layout, Float64Array.from(answers), null, sums);
  let k = 0;
  for (let q = 0; q < Q; q++) k += answers[q];
  const p = k / Q;
  const variance = cr1ClusteredVariance(sums);
  const wilson = kornGraubardWilsonInterval(p, Q, variance, K - 1, { level });
  const cp = kornGraubardClopperPearsonInterval(p, Q, variance, K - 1, { level });
  const usable = variance > 0 && p > 0 && p < 1;
  if (!usable) {
    skipped.push({
      method: 'kornGraubard design effect',
      reason:
        p === 0 || p === 1
          ? `every answer is ${p === 1 ? 'right' : 'wrong'}: the effective n falls back to Q = ${Q} (the plain Wilson and Clopper–Pearson are reported as Korn–Graubard)`
          : `the clustered variance is 0: the effective n falls back to Q = ${Q}`,
    });
  }
  let hierarchicalBetaBinomial: Bounds | null = null;
  const run = options.hbb === 'on' || (options.hbb === 'auto' && systems <= HBB_AUTO_SYSTEMS);
  if (run) {
    const i = hierarchicalBetaBinomialInterval(sums.totals, sums.sizes, level);
    hierarchicalBetaBinomial = { lower: i.lower, upper: i.upper };
  } else {
    skipped.push({
      method: 'hierarchicalBetaBinomial',
      reason:
        options.hbb === 'off'
          ? '--hbb off'
          : `≈ 0.5 s per system, run by default for at most ${HBB_AUTO_SYSTEMS} systems (${systems} here); pass --hbb on`,
    });
  }
  return {
    clusters: K,
    effectiveQuestions: usable ? (p * (1 - p)) / variance : null,
    kornGraubardWilson: { lower: wilson.lower, upper: wilson.upper },
    kornGraubardClopperPearson: { lower: cp.lower, upper: cp.upper },
    hierarchicalBetaBinomial,
  };
}
