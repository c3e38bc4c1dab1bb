/**
 * Pairwise tests on a leaderboard (method `leaderboardPairs`, data `systemCopiesScores`):
 * every pair of copies (`pairs: 'all'`, M(M − 1)/2 tests) or every copy against the first
 * (`'versusFirst'`, M − 1 tests: variants against a baseline), each a two-sided test at
 * α = 1 − level (`test`: 'mcnemarExact' (default), 'pairedZ', 'unpairedZ'; see
 * discordantPairTests.ts — or 'headline', analyze's headline test for the data's structure
 * (analysis/headlineRule.ts), from the per-pair differences a rerun model keeps
 * (`differences`, model evalReruns): with clusters the CR2 t with its Bell–McCaffrey df on the
 * clusters' totals of d, else with several epochs the paired t on the epoch-mean differences,
 * else McNemar's χ² without continuity correction), then a multiple-testing rule (`correction`, core multiplicity/):
 *
 *   none:               reject when p ≤ α
 *   bonferroni:         reject when p ≤ α/m                     (Bonferroni 1936)
 *   holm:               step-down, p_(j) ≤ α/(m − j + 1)       (Holm 1979)
 *   benjaminiHochberg:  step-up, p_(j) ≤ jα/m                  (Benjamini & Hochberg 1995)
 *
 * With holm/BH the number rejected R comes from core {@link countRejections}; the rejected
 * tests are the R smallest p-values (ties share a decision, as the thresholds increase).
 * `count`: 'either' (default) counts every rejected pair; 'secondBetter' counts only rejected
 * pairs (j, l) where copy l is ahead (c > b, i.e. k_l > k_j) — "a variant beats the baseline"
 * with `pairs: 'versusFirst'` (seed 002).
 *
 * Result: estimate = number of counted significant pairs (a count, not an interval);
 * se, interval and p-values are NaN (this is not one test). Metrics: meanEstimate (mean
 * significant pairs), estimateShare with atLeast: 1 (share of leaderboards with at least
 * one), estimateShare with equals: k (the distribution of the count).
 * Allocation-free after the first replication (buffers sized to M on first use).
 */
import {
  type AdjustmentMethod,
  type ClusterTotals,
  clusteredIntervalFromTotals,
  countRejections,
  createClusteredInterval,
  normalCdf,
  tSf,
} from '@evalsim/core';
import type { SystemCopiesScores } from '../base/dataKinds.js';
import { defineMethod } from '../base/defineMethod.js';
import { resetMethodResult } from '../base/methodResult.js';
import {
  createPairTestScratch,
  McnemarCriticalTable,
  McnemarPValueCache,
  PAIR_TESTS,
  type PairTest,
  pairedZPValue,
  unpairedZPValue,
} from './support/discordantPairTests.js';
import { DiscordantDecisionTable, DiscordantPValueCache } from './support/discordantPValueCache.js';
import { StepwiseMcnemarCount } from './support/stepwiseMcnemarCount.js';

export const LEADERBOARD_CORRECTIONS = ['none', 'bonferroni', 'holm', 'benjaminiHochberg'] as const;
export type LeaderboardCorrection = (typeof LEADERBOARD_CORRECTIONS)[number];
export const LEADERBOARD_PAIRS = ['all', 'versusFirst'] as const;
export const LEADERBOARD_COUNTS = ['either', 'secondBetter'] as const;

/** Copies (j, l) of each tested pair, as pair numbers of systemCopies (row by row). */
interface PairPlan {
  readonly first: Int32Array;
  readonly second: Int32Array;
  readonly index: Int32Array;
}

function planPairs(copies: number, versusFirst: boolean): PairPlan {
  const first: number[] = [];
  const second: number[] = [];
  const index: number[] = [];
  let k = 0;
  for (let j = 0; j < copies; j++) {
    for (let l = j + 1; l < copies; l++, k++) {
      if (versusFirst && j > 0) continue;
      first.push(j);
      second.push(l);
      index.push(k);
    }
  }
  return { first: Int32Array.from(first), second: Int32Array.from(second), index: Int32Array.from(index) };
}

/**
 * Exact McNemar p-values shared by every leaderboardPairs analyser of this thread (the Holm
 * and BH methods of one study meet the same (b, c)): each is mcnemarExactPValue(b, c), a pure
 * function of (b, c), so sharing changes no value — only how often it is computed. Holds no
 * random state.
 */
const SHARED_MCNEMAR_P_VALUES = new McnemarPValueCache();

export const leaderboardPairs = defineMethod({
  name: 'leaderboardPairs',
  description:
    "Counts significant pairs on a leaderboard of copies: pairs 'all' | 'versusFirst', test mcnemarExact | pairedZ | unpairedZ, correction none | bonferroni | holm | benjaminiHochberg, count 'either' | 'secondBetter'. estimate = number of significant pairs.",
  kind: 'test',
  accepts: ['systemCopiesScores'],
  options: {
    pairs: {
      type: 'choice',
      values: LEADERBOARD_PAIRS,
      default: 'all',
      description: 'Pairs tested: all M(M − 1)/2, or versusFirst (every copy against the first).',
    },
    test: {
      type: 'choice',
      values: [...PAIR_TESTS, 'headline'],
      default: 'mcnemarExact',
      description:
        "Test of each pair: exact McNemar, paired z, unpaired two-proportion z, or analyze's headline test (from a rerun model's differences).",
    },
    correction: {
      type: 'choice',
      values: LEADERBOARD_CORRECTIONS,
      default: 'none',
      description: 'Multiple-testing rule over the pairs.',
    },
    count: {
      type: 'choice',
      values: LEADERBOARD_COUNTS,
      default: 'either',
      description: 'Count every rejected pair (either), or only those where the second copy is ahead.',
    },
  },
  create(options, { level }) {
    const versusFirst = options.pairs === 'versusFirst';
    const headline = options.test === 'headline';
    const test: PairTest = headline ? 'pairedZ' : (options.test as PairTest);
    const clusterScratch: ClusterTotals & {
      sizes: Float64Array;
      totals: Float64Array;
      sumSquares: Float64Array;
    } = {
      count: 0,
      sizes: new Float64Array(0),
      totals: new Float64Array(0),
      sumSquares: new Float64Array(0),
    };
    const clusteredOut = createClusteredInterval();
    const correction: LeaderboardCorrection = options.correction;
    const secondBetter = options.count === 'secondBetter';
    const alpha = 1 - level;
    const stepwise = correction === 'holm' || correction === 'benjaminiHochberg';
    const scratch = createPairTestScratch();
    // p-values computed once per (n, b, c) (discordantPValueCache.ts), and step-wise McNemar
    // counts sorting only the p-values ≤ α (stepwiseMcnemarCount.ts): same counts, less work.
    const zCache = new DiscordantPValueCache((n, b, c) => pairedZPValue(n, b, c, level, scratch));
    // The unpaired z p-value is a pure function of (n, k_A, k_B): the same table, keyed by totals.
    const unpairedCache = new DiscordantPValueCache((n, kA, kB) =>
      unpairedZPValue(kA, kB, n, level, scratch),
    );
    const stepwiseMcnemar =
      stepwise && test === 'mcnemarExact'
        ? new StepwiseMcnemarCount(alpha, correction as AdjustmentMethod, SHARED_MCNEMAR_P_VALUES)
        : null;
    let plan: PairPlan | null = null;
    let pValues = new Float64Array(0);
    let workspace = new Float64Array(0);
    let critical: McnemarCriticalTable | null = null;
    // z tests without a step-wise correction: the decision itself, per (n, b, c) or (n, k_A, k_B).
    let decisions: DiscordantDecisionTable | null = null;

    return (data, _rng, out) => {
      if (!plan || plan.index.length !== (versusFirst ? data.copies - 1 : data.pairCount)) {
        plan = planPairs(data.copies, versusFirst);
        pValues = new Float64Array(plan.index.length);
        workspace = new Float64Array(plan.index.length);
        const perTest = correction === 'bonferroni' ? alpha / plan.index.length : alpha;
        critical =
          test === 'mcnemarExact' && !stepwise && !headline ? new McnemarCriticalTable(perTest) : null;
        decisions =
          test !== 'mcnemarExact' && !stepwise && !headline
            ? new DiscordantDecisionTable(
                test === 'pairedZ'
                  ? (n, b, c) => zCache.pValue(n, b, c)
                  : (n, kA, kB) => unpairedCache.pValue(n, kA, kB),
                perTest,
              )
            : null;
      }
      const { first, second, index } = plan;
      const m = index.length;
      const n = data.itemCount;
      const { totals, onlyFirst, onlySecond } = data;
      let count = 0;
      if (headline) {
        for (let t = 0; t < m; t++)
          pValues[t] = headlinePValue(data, index[t], level, clusterScratch, clusteredOut);
        let threshold = correction === 'bonferroni' ? alpha / m : alpha;
        if (stepwise) {
          const rejected = countRejections(pValues, correction as AdjustmentMethod, alpha, workspace);
          threshold = rejected > 0 ? workspace[rejected - 1] : -1;
        }
        for (let t = 0; t < m; t++) {
          if (pValues[t] <= threshold && (!secondBetter || totals[second[t]] > totals[first[t]])) count++;
        }
      } else if (critical) {
        // Counted without a branch per pair (a rejection is rare, its place random);
        // b + c ≤ n: every critical count a pair can meet.
        const crit = critical.covering(n);
        for (let t = 0; t < m; t++) {
          const b = onlyFirst[index[t]];
          const c = onlySecond[index[t]];
          count += secondBetter ? +(c > b && c >= crit[b + c]) : +(Math.max(b, c) >= crit[b + c]);
        }
      } else if (decisions) {
        for (let t = 0; t < m; t++) {
          const b = onlyFirst[index[t]];
          const c = onlySecond[index[t]];
          const rejects =
            test === 'pairedZ'
              ? decisions.rejects(n, b, c)
              : decisions.rejects(n, totals[first[t]], totals[second[t]]);
          count += secondBetter ? rejects & +(c > b) : rejects;
        }
      } else if (stepwiseMcnemar) {
        count = stepwiseMcnemar.count(onlyFirst, onlySecond, index, secondBetter);
      } else {
        for (let t = 0; t < m; t++) {
          const b = onlyFirst[index[t]];
          const c = onlySecond[index[t]];
          pValues[t] =
            test === 'pairedZ'
              ? zCache.pValue(n, b, c)
              : unpairedCache.pValue(n, totals[first[t]], totals[second[t]]);
        }
        const rejected = countRejections(pValues, correction as AdjustmentMethod, alpha, workspace);
        const threshold = rejected > 0 ? workspace[rejected - 1] : -1;
        for (let t = 0; t < m; t++) {
          if (pValues[t] <= threshold && (!secondBetter || onlySecond[index[t]] > onlyFirst[index[t]]))
            count++;
        }
      }
      resetMethodResult(out).estimate = count;
    };
  },
});

/**
 * Analyze's headline test of pair k from a rerun model's differences: CR2 t with its df on the
 * clusters' totals of d (clusters drawn); the paired t on the per-question epoch-mean
 * differences (several epochs); McNemar's χ² (b − c)/√(b + c) (one epoch). p = 1 when the
 * differences are all 0.
 */
function headlinePValue(
  data: SystemCopiesScores,
  k: number,
  level: number,
  scratch: ClusterTotals & { sizes: Float64Array; totals: Float64Array; sumSquares: Float64Array },
  out: ReturnType<typeof createClusteredInterval>,
): number {
  const d = data.differences;
  if (!d)
    throw new Error("leaderboardPairs test 'headline' needs a model that keeps the differences (evalReruns)");
  const n = d.questions;
  const sum = d.sums[k];
  if (d.clusterTotals && d.clusterSizes && d.clusterCount >= 2) {
    const K = d.clusterCount;
    if (scratch.sizes.length < K) {
      scratch.sizes = new Float64Array(K);
      scratch.totals = new Float64Array(K);
      scratch.sumSquares = new Float64Array(K);
    }
    scratch.count = K;
    for (let s = 0; s < K; s++) {
      scratch.sizes[s] = d.clusterSizes[s];
      scratch.totals[s] = d.clusterTotals[k * d.maxClusters + s];
    }
    const view = {
      count: K,
      sizes: scratch.sizes.subarray(0, K),
      totals: scratch.totals.subarray(0, K),
      sumSquares: scratch.sumSquares.subarray(0, K),
    };
    clusteredIntervalFromTotals(view, { level, estimator: 'cr2' }, out);
    if (!(out.standardError > 0)) return out.estimate === 0 ? 1 : 0;
    return 2 * tSf(Math.abs(out.estimate / out.standardError), out.degreesOfFreedom);
  }
  if (d.epochs === 1) {
    const b = data.onlyFirst[k];
    const c = data.onlySecond[k];
    if (b + c === 0) return 1;
    return Math.min(1, 2 * normalCdf(-Math.abs(b - c) / Math.sqrt(b + c)));
  }
  const mean = sum / n;
  const variance = (d.squares[k] - n * mean * mean) / (n - 1);
  if (!(variance > 0)) return mean === 0 ? 1 : 0;
  return 2 * tSf(Math.abs(mean / Math.sqrt(variance / n)), n - 1);
}
