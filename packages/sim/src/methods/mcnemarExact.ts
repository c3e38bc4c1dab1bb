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
import { defineMethod } from '../base/defineMethod.js';
import { BinomialHalfTailCache } from './support/binomialHalfTailCache.js';
import { type DiscordantCounts, startDiscordantTest } from './support/discordantTestStart.js';
import { createPairedSums } from './support/pairedSums.js';

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
    const counts: DiscordantCounts = { b: 0, c: 0 };
    return (data, _rng, out) => {
      if (!startDiscordantTest('mcnemarExact', data, sums, out, counts)) return;
      const { b, c } = counts;
      const d = b + c;
      out.pTwoSided = Math.min(1, 2 * tails.upper(Math.max(b, c), d));
      out.pGreater = tails.upper(b, d);
      out.pLess = tails.upper(c, d);
      out.degenerate = false;
    };
  },
});
