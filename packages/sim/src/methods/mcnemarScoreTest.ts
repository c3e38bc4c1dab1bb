/**
 * McNemar's χ² test without continuity correction (analyser adapter) from the discordant
 * counts of 0/1 scores, b = #(A right, B wrong), c = #(A wrong, B right) (McNemar 1947):
 *
 *   z = (b − c)/√(b + c),  two-sided p = P(χ²₁ > z²) = 2Φ(−|z|),  pGreater = Φ(−z), pLess = Φ(z),
 *
 * Tango's (1998) score statistic at Δ = 0, so it rejects exactly when Tango's interval excludes
 * 0 — analyze's headline test for 0/1 pairs without clusters (analysis/headlineRule.ts;
 * Fagerland, Lydersen & Laake 2013 recommend it over the conservative exact test). Pairs the
 * systems but ignores the clusters. estimate = (b − c)/N; no SE or interval here (NaN).
 * Zero discordant pairs: degenerate, every p = 1. No pairing: all NaN. Throws if the scores are
 * not 0/1.
 */
import { normalCdf } from '@evalsim/core';
import { defineMethod } from '../base/defineMethod.js';
import { type DiscordantCounts, startDiscordantTest } from './support/discordantTestStart.js';
import { createPairedSums } from './support/pairedSums.js';

export const mcnemarScoreTest = defineMethod({
  name: 'mcnemarScoreTest',
  description:
    "McNemar's χ² test without continuity correction (Tango's score test at 0) on the discordant pairs of 0/1 scores (pairs, ignores clusters).",
  kind: 'test',
  accepts: ['pairedClusteredScores'],
  options: {},
  create() {
    const sums = createPairedSums();
    const counts: DiscordantCounts = { b: 0, c: 0 };
    return (data, _rng, out) => {
      if (!startDiscordantTest('mcnemarScoreTest', data, sums, out, counts)) return;
      const { b, c } = counts;
      const z = (b - c) / Math.sqrt(b + c);
      out.pTwoSided = Math.min(1, 2 * normalCdf(-Math.abs(z)));
      out.pGreater = normalCdf(-z);
      out.pLess = normalCdf(z);
      out.degenerate = false;
    };
  },
});
