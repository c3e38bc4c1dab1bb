/**
 * Newcombe's square-and-add interval for the paired difference Δ = p₁ − p₂ (Newcombe 1998,
 * "Improved confidence intervals for the difference between binomial proportions based on
 * paired data", Stat Med 17:2635–2650, method 10): Wilson score limits (l₁, u₁) for
 * p̂₁ = (n11 + n10)/n and (l₂, u₂) for p̂₂ = (n11 + n01)/n, combined with a correlation
 * correction ψ:
 *
 *   L = Δ̂ − √((p̂₁ − l₁)² + (u₂ − p̂₂)² − 2ψ(p̂₁ − l₁)(u₂ − p̂₂)),
 *   U = Δ̂ + √((p̂₂ − l₂)² + (u₁ − p̂₁)² − 2ψ(p̂₂ − l₂)(u₁ − p̂₁)),
 *
 * with A = n11·n00 − n10·n01 and the four margins e, f, g, h:
 *   ψ = (A − n/2)/√(efgh) if A > n/2;  ψ = 0 if 0 ≤ A ≤ n/2;  ψ = A/√(efgh) if A < 0;
 *   ψ = 0 if any margin is 0.
 * A negative A keeps its full (uncorrected) negative value, as the paper defines ψ; only
 * positive A is continuity-corrected towards 0. Same as Fagerland, Lydersen & Laake's
 * `Newcombe_square_and_add_CI_paired_2x2`. Unlike the other paired intervals this one
 * depends on n11 and n00 separately (through p̂₁, p̂₂ and ψ), not only on n10, n01 and n.
 * Always defined and inside [−1, 1].
 */

import type { Bounds } from '../intervals/bounds.js';
import type { MarkedBounds } from '../intervals/markedBounds.js';
import { wilsonBounds } from '../intervals/wilson.js';
import type { MarkedInterval } from '../types.js';
import type { PairedBoundsAtLevel } from './methods.js';
import { type PairedTable, pairedInterval } from './pairedTable.js';

// Scratch slots for the two Wilson intervals (module-level and reused: no state survives
// a call, so this is safe within a worker and keeps the bounds function allocation-free).
const first: Bounds = { lower: 0, upper: 0 };
const second: Bounds = { lower: 0, upper: 0 };

/** Newcombe's corrected correlation ψ of the two marginal proportions. */
export function newcombePsi(n11: number, n10: number, n01: number, n00: number): number {
  const e = n11 + n10;
  const f = n01 + n00;
  const g = n11 + n01;
  const h = n10 + n00;
  if (e === 0 || f === 0 || g === 0 || h === 0) return 0;
  const root = Math.sqrt(e) * Math.sqrt(f) * Math.sqrt(g) * Math.sqrt(h);
  return psiOf(n11, n10, n01, n00, root);
}

/** ψ from A = n11·n00 − n10·n01 and root = √e·√f·√g·√h (every margin > 0). */
function psiOf(n11: number, n10: number, n01: number, n00: number, root: number): number {
  const n = n11 + n10 + n01 + n00;
  const a = n11 * n00 - n10 * n01;
  if (a > n / 2) return (a - n / 2) / root;
  if (a >= 0) return 0;
  return a / root;
}

/** L and U from the margins' Wilson limits (l₁, u₁), (l₂, u₂) and ψ (the formulas above). */
function squareAndAdd(
  n10: number,
  n01: number,
  n: number,
  k1: number,
  k2: number,
  first: Bounds,
  second: Bounds,
  psi: number,
  out: MarkedBounds,
): void {
  const p1 = k1 / n;
  const p2 = k2 / n;
  const estimate = (n10 - n01) / n;
  const a = p1 - first.lower;
  const b = second.upper - p2;
  const c = p2 - second.lower;
  const d = first.upper - p1;
  out.lower = estimate - Math.sqrt(Math.max(0, a * a + b * b - 2 * psi * a * b));
  out.upper = estimate + Math.sqrt(Math.max(0, c * c + d * d - 2 * psi * c * d));
  out.degenerate = false;
}

/** Allocation-free bounds at critical value z (inputs not checked). */
export function newcombePairedBounds(
  n11: number,
  n10: number,
  n01: number,
  n00: number,
  z: number,
  out: MarkedBounds,
): void {
  const n = n11 + n10 + n01 + n00;
  const k1 = n11 + n10;
  const k2 = n11 + n01;
  wilsonBounds(k1, n, z, first);
  wilsonBounds(k2, n, z, second);
  squareAndAdd(n10, n01, n, k1, k2, first, second, newcombePsi(n11, n10, n01, n00), out);
}

/**
 * {@link newcombePairedBounds} for the tables of n questions, with the Wilson limits of
 * k = 0 … n and √0 … √n computed once: the same operations on the same numbers, so the same
 * bits, at a fraction of the cost when every table of n is visited (exactPairedCoverage's
 * C(n + 3, 3) tables). A table of another size is passed to newcombePairedBounds.
 */
export function newcombePairedBoundsOfN(n: number, z: number): PairedBoundsAtLevel {
  const wilsonLower = new Float64Array(n + 1);
  const wilsonUpper = new Float64Array(n + 1);
  const roots = new Float64Array(n + 1);
  const limits: Bounds = { lower: 0, upper: 0 };
  for (let k = 0; k <= n; k++) {
    wilsonBounds(k, n, z, limits);
    wilsonLower[k] = limits.lower;
    wilsonUpper[k] = limits.upper;
    roots[k] = Math.sqrt(k);
  }
  const one: Bounds = { lower: 0, upper: 0 };
  const two: Bounds = { lower: 0, upper: 0 };
  return (n11, n10, n01, n00, out) => {
    const e = n11 + n10;
    const f = n01 + n00;
    const g = n11 + n01;
    const h = n10 + n00;
    // Margins of n (f = n − e, h = n − g index the same arrays); anything else the general way.
    if (
      !(e + f === n && Number.isInteger(e) && Number.isInteger(g) && e >= 0 && e <= n && g >= 0 && g <= n)
    ) {
      newcombePairedBounds(n11, n10, n01, n00, z, out);
      return;
    }
    one.lower = wilsonLower[e];
    one.upper = wilsonUpper[e];
    two.lower = wilsonLower[g];
    two.upper = wilsonUpper[g];
    const psi =
      e === 0 || f === 0 || g === 0 || h === 0
        ? 0
        : psiOf(n11, n10, n01, n00, roots[e] * roots[f] * roots[g] * roots[h]);
    squareAndAdd(n10, n01, n, e, g, one, two, psi, out);
  };
}

/** Newcombe's paired square-and-add (method 10) interval for p₁ − p₂. */
export function newcombePairedInterval(table: PairedTable, level = 0.95): MarkedInterval {
  return pairedInterval(table, level, 'newcombePaired', newcombePairedBounds);
}
