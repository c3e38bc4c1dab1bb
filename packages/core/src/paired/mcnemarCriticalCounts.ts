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
 * from the previous value and costs O(maxDiscordant) tail evaluations: each O(D − m) terms of the
 * binomial pmf up to D = 1000 (decided exactly as by the p-value; see rejectsAt), beyond it and
 * within 10⁻⁹ of α the p-value itself.
 */

import { pow } from '../math/pow.js';
import { assertInteger, assertLevel } from '../validate.js';
import { mcnemarExactPValue } from './mcnemarExact.js';

/** Largest D whose tails come from the pmf recurrence (2^−D is a normal double up to 1022). */
const RECURRENCE_MAX = 1000;
/**
 * Relative distance from α within which the recurrence's 2·P(X ≥ m) does not decide: its error
 * is below 2(D − m + 1) rounding errors (≤ 5·10⁻¹³ at D ≤ 1000), mcnemarExactPValue's (a
 * regularized incomplete beta) about 10⁻¹⁵, so outside the band both give the same answer.
 */
const UNDECIDED_BAND = 1e-9;

/**
 * P(X ≥ m), X ~ Bin(d, ½), m ≥ d/2, summed from the top with the pmf recurrence
 * P(X = i − 1) = P(X = i) · i / (d − i + 1), P(X = d) = 2^−d (d ≤ RECURRENCE_MAX).
 */
function halfUpperTail(m: number, d: number): number {
  let pmf = pow(2, -d);
  let tail = pmf;
  for (let i = d; i > m; i--) {
    pmf = (pmf * i) / (d - i + 1);
    tail += pmf;
  }
  return tail;
}

/**
 * Whether the exact test rejects max(b, c) = m of d at α (mcnemarExactPValue(m, d − m) ≤ α), from
 * the recurrence when it is decisive; near α and beyond RECURRENCE_MAX from mcnemarExactPValue.
 * The recurrence costs a few operations per term, where each incomplete beta evaluation runs a
 * continued fraction.
 */
function rejectsAt(m: number, d: number, alpha: number): boolean {
  if (d <= RECURRENCE_MAX) {
    const p = 2 * halfUpperTail(m, d);
    if (Math.abs(p - alpha) > UNDECIDED_BAND * alpha) return p <= alpha;
  }
  return mcnemarExactPValue(m, d - m) <= alpha;
}

/** Int32Array of length maxDiscordant + 1: the smallest max(b, c) rejecting at `alpha`. */
export function mcnemarCriticalCounts(maxDiscordant: number, alpha = 0.05): Int32Array {
  assertInteger('maxDiscordant', maxDiscordant, 0);
  assertLevel(alpha, 'alpha');
  const crit = new Int32Array(maxDiscordant + 1);
  crit[0] = 1;
  let m = 1;
  for (let d = 1; d <= maxDiscordant; d++) {
    if (m < Math.ceil(d / 2)) m = Math.ceil(d / 2);
    while (m <= d && !rejectsAt(m, d, alpha)) m++;
    crit[d] = m;
  }
  return crit;
}
