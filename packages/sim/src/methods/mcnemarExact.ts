/**
 * Exact McNemar test (analyser adapter) from the discordant counts of 0/1 scores,
 * b = #(A right, B wrong) = Σ a − Σ ab and c = #(A wrong, B right) = Σ b − Σ ab
 * (McNemar 1947): two-sided p = min(1, 2·P(X ≥ max(b, c))), X ~ Bin(b + c, ½)
 * (core mcnemarExactPValue); one-sided pGreater = P(X ≥ b) and pLess = P(X ≥ c)
 * (core binomialUpperTail; tails cached per (b + c, k), same bits). Pairs the systems but ignores the clusters.
 * estimate = (b − c)/N, the accuracy difference; it has no SE or interval here (NaN).
 * Zero discordant pairs: degenerate, every p = 1. No pairing (independent question sets): degenerate, all NaN.
 * Throws if the scores are not 0/1 (Σ a² ≠ Σ a in some cluster).
 */
import type { PairedClusteredScores } from '../base/dataKinds.js';
import { defineMethod } from '../base/defineMethod.js';
import { clearPValues, fillUnanalysable } from '../base/methodResult.js';
import { BinomialHalfTailCache } from './support/binomialHalfTailCache.js';
import { knownBinaryTotals } from './support/knownBinaryTotals.js';
import { createPairedSums, sumPairedScores } from './support/pairedSums.js';

/**
 * Throws unless every cluster has Σa² = Σa and Σb² = Σb (0/1 scores); no pass when the model
 * vouches for 0/1 scores with its own sums (knownBinaryTotals).
 */
function assertBinary(data: PairedClusteredScores): void {
  if (knownBinaryTotals(data) !== undefined) return;
  for (let g = 0; g < data.clusterCount; g++) {
    if (data.sumSquaresA[g] !== data.totalsA[g] || data.sumSquaresB[g] !== data.totalsB[g]) {
      throw new RangeError(`mcnemarExact needs 0/1 scores; cluster ${g} has Σy² ≠ Σy`);
    }
  }
}

export const mcnemarExact = defineMethod({
  name: 'mcnemarExact',
  description: 'Exact McNemar test on the discordant pairs of 0/1 scores (pairs, ignores clusters).',
  kind: 'test',
  accepts: ['pairedClusteredScores'],
  options: {},
  create() {
    const sums = createPairedSums();
    // Tails per (b + c, k), computed once: the same bits as core mcnemarExactPValue and
    // binomialUpperTail called every replication.
    const tails = new BinomialHalfTailCache();
    return (data, _rng, out) => {
      assertBinary(data);
      sumPairedScores(data, sums);
      if (!sums.paired) {
        fillUnanalysable(out);
        return;
      }
      const b = sums.onlyA;
      const c = sums.onlyB;
      out.estimate = data.itemCount > 0 ? (b - c) / data.itemCount : Number.NaN;
      out.se = Number.NaN;
      out.lower = Number.NaN;
      out.upper = Number.NaN;
      if (b + c === 0) {
        out.pTwoSided = 1;
        out.pGreater = 1;
        out.pLess = 1;
        out.degenerate = true;
        return;
      }
      clearPValues(out);
      const d = b + c;
      out.pTwoSided = Math.min(1, 2 * tails.upper(Math.max(b, c), d));
      out.pGreater = tails.upper(b, d);
      out.pLess = tails.upper(c, d);
      out.degenerate = false;
    };
  },
});
