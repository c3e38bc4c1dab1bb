/**
 * Naive unpaired two-proportion z-test (analyser adapter): treats the two systems'
 * accuracies p̂_A = k_A/N and p̂_B = k_B/N as independent binomial proportions,
 * SE = √(p̂_A(1 − p̂_A)/N + p̂_B(1 − p̂_B)/N), ignoring both the pairing and the clusters
 * (core {@link unpairedDifference}; Agresti 2013 §1.4). Needs 0/1 scores (integer totals).
 * Degenerate when SE = 0 (both accuracies 0 or 1; see methodResult.ts for the fields).
 */
import { createDifferenceTestOut, unpairedDifferenceFromCounts } from '@evalsim/core';
import { defineMethod } from '../base/defineMethod.js';
import { copyDifferenceTest } from '../base/methodResult.js';
import { createPairedSums, sumPairedScores } from './support/pairedSums.js';

export const unpairedTwoProportionTest = defineMethod({
  name: 'unpairedTwoProportionTest',
  description: 'Naive unpaired two-proportion z-test of accuracy A − B (ignores pairing and clusters).',
  kind: 'test',
  accepts: ['pairedClusteredScores'],
  options: {},
  create(_options, { level }) {
    const sums = createPairedSums();
    const result = createDifferenceTestOut();
    return (data, _rng, out) => {
      const n = data.itemCount;
      sumPairedScores(data, sums);
      copyDifferenceTest(out, unpairedDifferenceFromCounts(sums.totalA, n, sums.totalB, n, level, result));
    };
  },
});
