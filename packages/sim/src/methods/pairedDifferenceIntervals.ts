/**
 * Intervals for the paired difference Δ = accuracy(A) − accuracy(B) of two systems scored
 * 0/1 on the same questions: thin adapters from the replication's paired 2×2 table
 * (binaryPairedCounts.ts: n11 = Σab, n10 = Σa − Σab, n01 = Σb − Σab, n00 = N − the rest) to
 * core's allocation-free paired bounds (core pairedIntervals/, each checked against mpmath
 * and Fagerland, Lydersen & Laake's printed values). Clusters are ignored: these intervals
 * assume independent questions. One factory builds the five methods (names: base/pairedIntervalNames.ts):
 *
 *   pairedWald      Wald, (n10 − n01)/n ± z·SE with the ML SE (divisor n), not clipped;
 *                   degenerate (a point) with no discordant pairs or all of them one way
 *   tango           Tango's (1998) asymptotic score interval
 *   newcombePaired  Newcombe's (1998) square-and-add interval (method 10) with the ψ correction
 *   bonettPrice     Bonett & Price's (2012) adjusted Wald interval (Laplace estimates)
 *   agrestiMin      Agresti & Min's (2005) Wald interval after adding ½ to each cell
 *
 * Estimate Δ̂ = (n10 − n01)/n; SE and p-values NaN (interval methods). Graded scores are
 * refused with an error; independent question sets (no pairing) are unanalysable (NaN
 * bounds, degenerate). The exact coverage of each is the exactPairedCoverage formula. The
 * bounds of a table already seen in the cell are read back (discordantBoundsMemo.ts,
 * pairedBoundsMemo.ts).
 */
import { createMarkedBounds, pairedBoundsFor, pairedMethodUsesConcordant } from '@evalsim/core';
import { defineMethod } from '../base/defineMethod.js';
import { clearPValues, fillUnanalysable } from '../base/methodResult.js';
import { PAIRED_INTERVALS, type PairedIntervalName } from '../base/pairedIntervalNames.js';
import type { MethodDefinition } from '../base/roles.js';
import { binaryPairedCounts, createBinaryPairedCounts } from './support/binaryPairedCounts.js';
import { memoizeDiscordantBounds } from './support/discordantBoundsMemo.js';
import { memoizePairedBounds } from './support/pairedBoundsMemo.js';

const DESCRIPTIONS: Record<PairedIntervalName, string> = {
  pairedWald:
    'Paired Wald interval for accuracy A − B on the same questions, (n10 − n01)/n ± z·SE (ML SE); 0/1 scores; not clipped.',
  tango: 'Tango (1998) asymptotic score interval for the paired difference A − B; 0/1 scores.',
  newcombePaired:
    'Newcombe (1998) square-and-add interval for the paired difference A − B, with the ψ correction; 0/1 scores.',
  bonettPrice: 'Bonett–Price (2012) adjusted Wald interval for the paired difference A − B; 0/1 scores.',
  agrestiMin:
    'Agresti–Min (2005) Wald interval after adding ½ to each cell, paired difference A − B; 0/1 scores.',
};

function pairedDifferenceMethod(name: PairedIntervalName): MethodDefinition {
  return defineMethod({
    name,
    description: DESCRIPTIONS[name],
    kind: 'interval',
    accepts: ['pairedClusteredScores'],
    options: {},
    create(_options, { level }) {
      // A function of the table: remembered per table, same bits — by (n10, n01), shared by the
      // thread's cells, when the interval ignores the concordant split (discordantBoundsMemo.ts),
      // else by the whole table per cell (pairedBoundsMemo.ts).
      const family = PAIRED_INTERVALS[name];
      const direct = pairedBoundsFor(family, level);
      const bounds = pairedMethodUsesConcordant(family)
        ? memoizePairedBounds(direct)
        : memoizeDiscordantBounds(direct, `${name}/${level}`);
      const counts = createBinaryPairedCounts();
      const slot = createMarkedBounds();
      return (data, _rng, out) => {
        const t = binaryPairedCounts(data, name, counts);
        if (!t.paired || t.items < 1) {
          fillUnanalysable(out, t.items > 0 ? (t.totalA - t.totalB) / t.items : Number.NaN);
          return;
        }
        bounds(t.n11, t.n10, t.n01, t.n00, slot);
        out.estimate = (t.n10 - t.n01) / t.items;
        out.se = Number.NaN;
        out.lower = slot.lower;
        out.upper = slot.upper;
        clearPValues(out);
        out.degenerate = slot.degenerate;
      };
    },
  });
}

export const pairedWald = pairedDifferenceMethod('pairedWald');
export const tango = pairedDifferenceMethod('tango');
export const newcombePaired = pairedDifferenceMethod('newcombePaired');
export const bonettPrice = pairedDifferenceMethod('bonettPrice');
export const agrestiMin = pairedDifferenceMethod('agrestiMin');
