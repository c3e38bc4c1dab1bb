/**
 * The start every test on the discordant pairs of 0/1 scores shares (mcnemarExact,
 * mcnemarScoreTest): check the scores are 0/1 (Σy² = Σy in every cluster, unless the model
 * vouches for them: knownBinaryTotals), sum the pairs, and fill what does not depend on the
 * test — estimate (b − c)/N, no SE or interval (NaN); no pairing: unanalysable; b + c = 0:
 * every p = 1, degenerate. Returns the discordant counts (b = #(A right, B wrong),
 * c = #(A wrong, B right)) with the p-values cleared, or null when `out` is already final.
 */
import type { PairedClusteredScores } from '../../base/dataKinds.js';
import { clearPValues, fillUnanalysable, type MethodResult } from '../../base/methodResult.js';
import { knownBinaryTotals } from './knownBinaryTotals.js';
import { type PairedSums, sumPairedScores } from './pairedSums.js';

export interface DiscordantCounts {
  b: number;
  c: number;
}

export function startDiscordantTest(
  method: string,
  data: PairedClusteredScores,
  sums: PairedSums,
  out: MethodResult,
  counts: DiscordantCounts,
): DiscordantCounts | null {
  if (knownBinaryTotals(data) === undefined) {
    for (let g = 0; g < data.clusterCount; g++) {
      if (data.sumSquaresA[g] !== data.totalsA[g] || data.sumSquaresB[g] !== data.totalsB[g]) {
        throw new RangeError(`${method} needs 0/1 scores; cluster ${g} has Σy² ≠ Σy`);
      }
    }
  }
  sumPairedScores(data, sums);
  if (!sums.paired) {
    fillUnanalysable(out);
    return null;
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
    return null;
  }
  clearPValues(out);
  counts.b = b;
  counts.c = c;
  return counts;
}
