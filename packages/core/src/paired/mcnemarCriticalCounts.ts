/**
 * Critical counts of the exact two-sided McNemar test, so a simulation can decide
 * rejection with one comparison instead of a p-value per pair:
 *
 *   crit[D] = min{ m ∈ [⌈D/2⌉, D] : min(1, 2·P(X ≥ m)) ≤ α },  X ~ Bin(D, ½),
 *
 * for D = 0 … maxDiscordant discordant pairs; reject iff max(b, c) ≥ crit[b + c].
 * When no split of D pairs rejects (small D), crit[D] = D + 1, which max(b, c) can never
 * reach. The rejection rule "p ≤ α" and the p-value are exactly those of
 * {@link mcnemarExactPValue}. Since P(X_{D+1} ≥ m) ≥ P(X_D ≥ m) and
 * P(X_{D+1} ≥ m + 1) ≤ P(X_D ≥ m), crit[D] ≤ crit[D+1] ≤ crit[D] + 1, so the scan starts
 * from the previous value and costs O(maxDiscordant) tail evaluations.
 */
import { assertInteger, assertLevel } from '../validate.js';
import { mcnemarExactPValue } from './mcnemarExact.js';

/** Int32Array of length maxDiscordant + 1: the smallest max(b, c) rejecting at `alpha`. */
export function mcnemarCriticalCounts(maxDiscordant: number, alpha = 0.05): Int32Array {
  assertInteger('maxDiscordant', maxDiscordant, 0);
  assertLevel(alpha, 'alpha');
  const crit = new Int32Array(maxDiscordant + 1);
  crit[0] = 1;
  let m = 1;
  for (let d = 1; d <= maxDiscordant; d++) {
    if (m < Math.ceil(d / 2)) m = Math.ceil(d / 2);
    while (m <= d && mcnemarExactPValue(m, d - m) > alpha) m++;
    crit[d] = m;
  }
  return crit;
}
