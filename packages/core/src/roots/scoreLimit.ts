/**
 * A limit of a score interval for a difference Δ ∈ [−1, 1]: the root of
 * g(Δ₀) = (Δ̂ − Δ₀)·scale − side·z·sd(Δ₀) between −1 and Δ̂ (lower limit, side = +1) or
 * between Δ̂ and 1 (upper limit, side = −1), where g is finite on [−1, 1] with sd(±1) = 0.
 * Where the null sd vanishes at Δ̂ itself (Δ̂ = ±1; Tango with no discordant pairs), g(Δ̂) = 0
 * is a trivial root; the bracket end is then moved inside by 2⁻⁴⁰ so that Brent finds the
 * proper limit (Tango's interval for n10 = n = 3 is [−0.1230, 1], not the point {1}; with
 * no discordant pairs it is ±z²/(n + z²), not {0}).
 */

import { pow } from '../math/pow.js';
import { brentRoot, type RootFunction } from './brentRoot.js';

const INSET = pow(2, -40);

/**
 * The lower (side = +1) or upper (side = −1) limit for the equation `g(Δ₀, p1..p5, side)`
 * with its parameters; `estimate` is Δ̂. Allocation-free.
 */
export function scoreIntervalLimit(
  g: RootFunction,
  estimate: number,
  side: 1 | -1,
  p1: number,
  p2: number,
  p3: number,
  p4: number,
  p5: number,
): number {
  let a = side === 1 ? -1 : estimate;
  let b = side === 1 ? estimate : 1;
  if (a === b) return a;
  let fa = g(a, p1, p2, p3, p4, p5, side);
  let fb = g(b, p1, p2, p3, p4, p5, side);
  if (side === 1 && fb === 0) {
    b -= INSET;
    fb = g(b, p1, p2, p3, p4, p5, side);
    if (fb >= 0) return estimate;
  } else if (side === -1 && fa === 0) {
    a += INSET;
    fa = g(a, p1, p2, p3, p4, p5, side);
    if (fa <= 0) return estimate;
  }
  // The whole side is inside the interval when g keeps its sign up to the end ±1.
  if (side === 1 && fa <= 0) return -1;
  if (side === -1 && fb >= 0) return 1;
  return brentRoot(g, a, b, p1, p2, p3, p4, p5, side, 1e-15, fa, fb);
}
