/**
 * Which bootstrap draws of the inverted WCR test (wildClusterBootstrapInterval.ts) have a
 * settled verdict on a whole bracket [lo, hi] of μ0, so that the bisection only re-tests the
 * others (the same verdicts, hence the same bounds, for a fraction of the work).
 *
 * Draw b exceeds at μ0 when num² ≥ t²·q·(1 − 1e-10), with num = A_b − μ0 B_b, t = (μ0 − ȳ)/SE and
 * q = c·(Σα² + 2μ0 Σαβ + μ0² Σβ²), c = K/(K − 1). In exact arithmetic the difference
 *   E(μ0) = num² − c·(μ0 − ȳ)²·(Σα² + 2μ0 Σαβ + μ0² Σβ²)/SE²
 * is a quartic in μ0; around the bracket's centre u, with x = μ0 − u and h = (hi − lo)/2,
 *   E = e0 + e1 x + e2 x² + e3 x³ + e4 x⁴,  |E(μ0) − e0| ≤ V = Σ_{k≥1} |e_k| h^k  on the bracket.
 * With S an upper bound on the magnitudes of the terms that make up num² and t²·q anywhere on
 * the bracket, the floating-point test (a few roundings, each ≤ 2⁻⁵³ relative to those terms,
 * and the 1e-10 tie slack) cannot disagree with the sign of E wherever |E| > 1e-7·S. So:
 *   e0 − V > 1e-7·S:  draw b exceeds everywhere on the bracket (counted, not re-tested);
 *   e0 + V < −1e-7·S: it exceeds nowhere (dropped);
 * otherwise it stays active (NaN and zero-variance draws always stay active).
 */

/** The five sufficient numbers per draw (wildClusterBootstrapInterval.ts' workspace). */
export interface WildDrawSums {
  readonly shiftA: Float64Array;
  readonly shiftB: Float64Array;
  readonly alphaAlpha: Float64Array;
  readonly alphaBeta: Float64Array;
  readonly betaBeta: Float64Array;
}

const MARGIN = 1e-7;

/**
 * Keeps in active[0 … count − 1] (compacted in place, order kept) the draws whose verdict is not
 * settled on [lo, hi]; returns the new count, and adds the draws settled as exceeding to
 * `settled.exceed`.
 */
export function settleWildDraws(
  ws: WildDrawSums,
  active: Int32Array,
  count: number,
  lo: number,
  hi: number,
  mean: number,
  se: number,
  correction: number,
  settled: { exceed: number },
): number {
  const u = 0.5 * (lo + hi);
  const h = 0.5 * (hi - lo);
  const c = correction / (se * se);
  const t0 = u - mean;
  const tAbs = Math.abs(t0) + h;
  const uAbs = Math.abs(u) + h;
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const b = active[i];
    const A = ws.shiftA[b];
    const B = ws.shiftB[b];
    const aa = ws.alphaAlpha[b];
    const ab = ws.alphaBeta[b];
    const bb = ws.betaBeta[b];
    const n0 = A - u * B;
    const n1 = -B;
    const q0 = aa + u * (2 * ab + u * bb);
    const q1 = 2 * ab + 2 * bb * u;
    const q2 = bb;
    const p0 = t0 * t0 * q0;
    const p1 = t0 * t0 * q1 + 2 * t0 * q0;
    const p2 = t0 * t0 * q2 + 2 * t0 * q1 + q0;
    const p3 = 2 * t0 * q2 + q1;
    const e0 = n0 * n0 - c * p0;
    const variation =
      h *
      (Math.abs(2 * n0 * n1 - c * p1) +
        h * (Math.abs(n1 * n1 - c * p2) + h * (c * Math.abs(p3) + h * c * Math.abs(q2))));
    const numScale = Math.abs(A) + Math.abs(B) * uAbs;
    const scale =
      numScale * numScale +
      c * tAbs * tAbs * (Math.abs(aa) + uAbs * (2 * Math.abs(ab) + uAbs * Math.abs(bb)));
    const margin = MARGIN * scale;
    if (e0 - variation > margin) settled.exceed++;
    else if (!(e0 + variation < -margin)) active[kept++] = b;
  }
  return kept;
}
