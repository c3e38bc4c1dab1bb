/**
 * Imposing a true gap on a system's per-question success rates p_i (i = 1..N), so that
 * their mean becomes exactly `target` (the planning tool's "true difference δ"):
 *
 *  - 'logit' (default): p_i' = expit(logit(p_i) + s), one shift s for every question,
 *    found by Brent's method (core roots/) so that mean_i p_i' = target. The shift keeps
 *    each question's difficulty rank and the paired structure (a hard question stays hard),
 *    moves questions near 0.5 most, and leaves p_i ∈ {0, 1} unchanged — so the reachable
 *    targets are the open interval (share of p_i = 1, share of p_i > 0); an eval of single
 *    0/1 answers cannot be shifted on the logit scale.
 *  - 'mixture': p_i' = p_i + t(1 − p_i) to raise the mean (t = (target − p̄)/(1 − p̄)) or
 *    p_i' = (1 − t)p_i to lower it (t = (p̄ − target)/p̄): every wrong answer turns right
 *    (or every right answer wrong) with one probability t — in closed form, and defined
 *    for 0/1 rates too (every target in [0, 1]).
 *
 * The logit shift is the usual way a fixed effect enters a logistic item-response model
 * (e.g. the Rasch model's ability parameter: Rasch 1960; De Boeck & Wilson 2004, ch. 2).
 */
import { brentRoot } from '@evalsim/core';

export const GAP_SHIFTS = ['logit', 'mixture'] as const;
export type GapShift = (typeof GAP_SHIFTS)[number];

/** Targets `shiftRates` can reach with `shift` for these rates: [low, high], open for 'logit'. */
export function reachableMeans(rates: Float64Array, shift: GapShift): { low: number; high: number } {
  if (shift === 'mixture') return { low: 0, high: 1 };
  let ones = 0;
  let positive = 0;
  for (const p of rates) {
    if (p === 1) ones++;
    if (p > 0) positive++;
  }
  return { low: ones / rates.length, high: positive / rates.length };
}

function mean(values: Float64Array): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** expit(logit(p) + s) without forming logit(p) (exact at p ∈ {0, 1}). */
function shifted(p: number, factor: number): number {
  return p === 0 || p === 1 ? p : (p * factor) / (1 - p + p * factor);
}

/**
 * Rates p' with mean_i p'_i = target (to Brent's tolerance for 'logit', exactly up to
 * rounding for 'mixture'), and the shift used (s on the logit scale, or t). Throws a
 * RangeError naming `target` when it is out of reach.
 */
export function shiftRates(
  rates: Float64Array,
  target: number,
  shift: GapShift,
): { rates: Float64Array; amount: number } {
  const { low, high } = reachableMeans(rates, shift);
  const open = shift === 'logit';
  if (!(open ? target > low && target < high : target >= low && target <= high)) {
    throw new RangeError(
      `target mean ${target} is out of reach with the ${shift} shift: reachable ${open ? '(' : '['}${low}, ${high}${open ? ')' : ']'}` +
        (open ? ' (questions with rate 0 or 1 cannot move on the logit scale; use the mixture shift)' : ''),
    );
  }
  const base = mean(rates);
  if (shift === 'mixture') {
    const up = target >= base;
    const t = up ? (target - base) / (1 - base) : (base - target) / base;
    const out = Float64Array.from(rates, (p) => (up ? p + t * (1 - p) : (1 - t) * p));
    return { rates: out, amount: up ? t : -t };
  }
  const meanAt = (s: number): number => {
    const factor = Math.exp(s);
    let sum = 0;
    for (const p of rates) sum += shifted(p, factor);
    return sum / rates.length - target;
  };
  let lo = -1;
  let hi = 1;
  while (meanAt(lo) > 0) lo *= 2;
  while (meanAt(hi) < 0) hi *= 2;
  const s = target === base ? 0 : brentRoot((x) => meanAt(x), lo, hi);
  const factor = Math.exp(s);
  return { rates: Float64Array.from(rates, (p) => shifted(p, factor)), amount: s };
}
