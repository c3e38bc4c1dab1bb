/**
 * Naive paired test (analyser adapter): per-item differences d_i = a_i − b_i,
 * d̄ ± c·s_d/√N with s_d the ddof = 1 s.d. of the N differences; pairs the systems but
 * ignores the clusters (core {@link pairedDifferenceFromSums}). Option `critical`:
 * 'z' (default, as in the article) or 't' (t_{N−1}). Degenerate when s_d = 0 (all
 * differences equal, e.g. no discordant item; see methodResult.ts for the fields) or
 * N < 2 (every field NaN).
 */
import { createDifferenceTestOut, type PairedCritical, pairedDifferenceFromSums } from '@evalsim/core';
import { defineMethod } from '../base/defineMethod.js';
import { copyDifferenceTest, fillUnanalysable } from '../base/methodResult.js';
import { createPairedSums, sumPairedScores } from './support/pairedSums.js';

const CRITICALS: readonly PairedCritical[] = ['z', 't'];

export const pairedNaiveTest = defineMethod({
  name: 'pairedNaiveTest',
  description:
    'Paired test on per-item differences with SE s_d/√N (ignores clusters); critical z (default) or t.',
  kind: 'test',
  accepts: ['pairedClusteredScores'],
  options: {
    critical: {
      type: 'choice',
      values: CRITICALS,
      default: 'z',
      description: 'Critical value: z (default, as in the article) or t_{N−1}.',
    },
  },
  create({ critical }, { level }) {
    const sums = createPairedSums();
    const result = createDifferenceTestOut();
    return (data, _rng, out) => {
      const n = data.itemCount;
      if (n < 2) {
        fillUnanalysable(out);
        return;
      }
      sumPairedScores(data, sums);
      if (!sums.paired) {
        fillUnanalysable(out);
        return;
      }
      copyDifferenceTest(out, pairedDifferenceFromSums(n, sums.sumD, sums.sumD2, level, result, critical));
    };
  },
});
