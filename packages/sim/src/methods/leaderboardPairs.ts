/**
 * Pairwise tests on a leaderboard (method `leaderboardPairs`, data `systemCopiesScores`):
 * every pair of copies (`pairs: 'all'`, M(M − 1)/2 tests) or every copy against the first
 * (`'versusFirst'`, M − 1 tests: variants against a baseline), each a two-sided test at
 * α = 1 − level (`test`: 'mcnemarExact' (default), 'pairedZ', 'unpairedZ'; see
 * discordantPairTests.ts), then a multiple-testing rule (`correction`, core multiplicity/):
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
import { type AdjustmentMethod, countRejections } from '@evalsim/core';
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
import { DiscordantPValueCache } from './support/discordantPValueCache.js';
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
      values: PAIR_TESTS,
      default: 'mcnemarExact',
      description: 'Test of each pair: exact McNemar, paired z, or unpaired two-proportion z.',
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
    const test: PairTest = options.test;
    const correction: LeaderboardCorrection = options.correction;
    const secondBetter = options.count === 'secondBetter';
    const alpha = 1 - level;
    const stepwise = correction === 'holm' || correction === 'benjaminiHochberg';
    const scratch = createPairTestScratch();
    const cache = SHARED_MCNEMAR_P_VALUES;
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

    return (data, _rng, out) => {
      if (!plan || plan.index.length !== (versusFirst ? data.copies - 1 : data.pairCount)) {
        plan = planPairs(data.copies, versusFirst);
        pValues = new Float64Array(plan.index.length);
        workspace = new Float64Array(plan.index.length);
        const perTest = correction === 'bonferroni' ? alpha / plan.index.length : alpha;
        critical = test === 'mcnemarExact' && !stepwise ? new McnemarCriticalTable(perTest) : null;
      }
      const { first, second, index } = plan;
      const m = index.length;
      const n = data.itemCount;
      const { totals, onlyFirst, onlySecond } = data;
      let count = 0;
      if (critical) {
        for (let t = 0; t < m; t++) {
          const b = onlyFirst[index[t]];
          const c = onlySecond[index[t]];
          if ((!secondBetter || c > b) && critical.rejects(b, c)) count++;
        }
      } else if (stepwiseMcnemar) {
        count = stepwiseMcnemar.count(onlyFirst, onlySecond, index, secondBetter);
      } else {
        for (let t = 0; t < m; t++) {
          const b = onlyFirst[index[t]];
          const c = onlySecond[index[t]];
          pValues[t] =
            test === 'mcnemarExact'
              ? cache.pValue(b, c)
              : test === 'pairedZ'
                ? zCache.pValue(n, b, c)
                : unpairedCache.pValue(n, totals[first[t]], totals[second[t]]);
        }
        let threshold = correction === 'bonferroni' ? alpha / m : alpha;
        if (stepwise) {
          const rejected = countRejections(pValues, correction as AdjustmentMethod, alpha, workspace);
          threshold = rejected > 0 ? workspace[rejected - 1] : -1;
        }
        for (let t = 0; t < m; t++) {
          if (pValues[t] <= threshold && (!secondBetter || onlySecond[index[t]] > onlyFirst[index[t]]))
            count++;
        }
      }
      resetMethodResult(out).estimate = count;
    };
  },
});
