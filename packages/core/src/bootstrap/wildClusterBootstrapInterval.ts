/**
 * Wild cluster bootstrap-t confidence interval for a mean, by inverting the
 * null-imposed ("restricted", WCR) wild cluster bootstrap test of Cameron, Gelbach &
 * Miller (2008, REStat 90:414, §3.2 and Table 3) — the variant they recommend with few
 * clusters — as done by MacKinnon, Nielsen & Webb's `boottest` (Roodman et al. 2019, §3.3).
 *
 * Test of H0: μ = μ0 for the intercept-only model y = μ + ε, clusters g = 1…K with n_g
 * items, totals S_g, N = Σ n_g, ȳ = ΣS_g/N:
 *   1. observed t(μ0) = (ȳ − μ0)/SE, SE² = CR1 = K/(K−1)·Σ_g (S_g − n_g ȳ)²/N² (core
 *      {@link cr1ClusteredVariance});
 *   2. restricted residuals y − μ0 (cluster totals S_g − n_g μ0); bootstrap samples
 *      y* = μ0 + w_g (y − μ0) with one weight w_g per cluster, drawn by the caller
 *      (`draw`: e.g. Rademacher ±1, or Webb's six-point ±√½, ±1, ±√(3/2)); B draws of w
 *      shared by every μ0;
 *   3. each sample's t*_b(μ0) = (ȳ*_b − μ0)/SE*_b with SE*_b the CR1 SE of y*
 *      (unrestricted residuals y* − ȳ*_b);
 *   4. p(μ0) = #{b : |t*_b(μ0)| ≥ |t(μ0)|}/B (symmetric two-sided p; ties count against
 *      rejection).
 * With A_b = Σ w_g S_g and B_b = Σ w_g n_g, ȳ*_b − μ0 = (A_b − μ0 B_b)/N and the cluster
 * totals of the bootstrap residuals are α_g + μ0 β_g with α_g = w_g S_g − n_g A_b/N and
 * β_g = n_g (B_b/N − w_g), so
 *   t*_b(μ0) = (A_b − μ0 B_b) / √(K/(K−1) · (Σα² + 2μ0 Σαβ + μ0² Σβ²)).
 * Five numbers per draw (A, B, Σα², Σαβ, Σβ²), computed once in O(K·B), make every later
 * p(μ0) an O(B) evaluation.
 *
 * Interval = {μ0 : p(μ0) > α}, α = 1 − level. Each endpoint is found by moving away from ȳ
 * (where t = 0, p = 1) in steps SE, 2·SE, 4·SE, … until the test rejects, then by bisection
 * to 1e-7·SE. (p is a step function and need not be monotone; bisection returns one
 * crossing, as root-finding implementations do.) During the bisection, draws whose verdict
 * cannot change on the current bracket are counted once instead of re-tested
 * (wildSettledDraws.ts: the same verdicts, so the same bounds, bit for bit). If it has not rejected at 2²⁰·SE the
 * bound is ±Infinity: with Rademacher weights and K ≤ 5 the two constant weight vectors
 * (all +1, all −1) reproduce |t| exactly, so p ≥ 2/2^K ≥ α can hold for every μ0 (Webb
 * 2013; the reason Webb weights exist).
 *
 * Randomness is the caller's: `draw(out, K)` fills one draw's K weights. Allocation-free
 * after the first call (the cluster buffer grows once).
 * Reference: fixtures/scripts/wildClusterBootstrap.py (numpy, fed the same weights,
 * computing each bootstrap t directly and the interval's crossings exactly).
 */

import type { ClusterTotals } from '../clustered/clusterTotals.js';
import { cr1ClusteredVariance } from '../clustered/cr1Variance.js';
import { assertInteger, assertLevel, assertPositive } from '../validate.js';
import { settleWildDraws } from './wildSettledDraws.js';

/** Fills out[0 … k−1] with one bootstrap draw's cluster weights. */
export type DrawWildWeights = (out: Float64Array, k: number) => void;

/** Reusable buffers of {@link wildClusterBootstrapInterval}. */
export interface WildBootstrapWorkspace {
  weights: Float64Array;
  readonly shiftA: Float64Array;
  readonly shiftB: Float64Array;
  readonly alphaAlpha: Float64Array;
  readonly alphaBeta: Float64Array;
  readonly betaBeta: Float64Array;
  /** The draws still re-tested in a bisection, and the count of those settled as exceeding. */
  readonly active: Int32Array;
  readonly settled: { exceed: number };
}

/** Buffers for `resamples` (≥ 1) bootstrap draws (the cluster buffer grows on first use). */
export function createWildBootstrapWorkspace(resamples: number): WildBootstrapWorkspace {
  assertInteger('resamples', resamples, 1);
  return {
    weights: new Float64Array(0),
    shiftA: new Float64Array(resamples),
    shiftB: new Float64Array(resamples),
    alphaAlpha: new Float64Array(resamples),
    alphaBeta: new Float64Array(resamples),
    betaBeta: new Float64Array(resamples),
    active: new Int32Array(resamples),
    settled: { exceed: 0 },
  };
}

/** Mutable result of {@link wildClusterBootstrapInterval}. */
export interface WildBootstrapInterval {
  estimate: number;
  /** CR1 standard error of the mean. */
  se: number;
  lower: number;
  upper: number;
  /** True when SE = 0 (no interval: bounds NaN) or a bound is infinite. */
  degenerate: boolean;
}

export function createWildBootstrapInterval(): WildBootstrapInterval {
  return { estimate: Number.NaN, se: Number.NaN, lower: Number.NaN, upper: Number.NaN, degenerate: false };
}

/** Relative slack so that exact ties (e.g. the constant weight vectors) count as ties despite rounding. */
const TIE_SLACK = 1 - 1e-10;
const MAX_DOUBLINGS = 20;
const BISECTION_STEPS = 60;
/** Bisection steps between re-settling the active draws (the bracket shrinks 8× in between). */
const SETTLE_EVERY = 3;

/**
 * Draws the B weight vectors and stores each draw's five sufficient numbers, in one pass
 * over the clusters per draw: with a = A/N, b = B/N and Σn² fixed,
 *   Σα² = Σw²S² − 2a·ΣwnS + a²·Σn²,
 *   Σαβ = b·ΣwnS − Σw²nS − ab·Σn² + a·Σwn²,
 *   Σβ² = b²·Σn² − 2b·Σwn² + Σw²n².
 */
function drawBootstrap(
  t: ClusterTotals,
  itemCount: number,
  draw: DrawWildWeights,
  ws: WildBootstrapWorkspace,
): void {
  const k = t.count;
  if (ws.weights.length < k) ws.weights = new Float64Array(k);
  const w = ws.weights;
  const totals = t.totals;
  const sizes = t.sizes;
  let sizeSquares = 0;
  for (let g = 0; g < k; g++) sizeSquares += sizes[g] * sizes[g];
  const resamples = ws.shiftA.length;
  for (let b = 0; b < resamples; b++) {
    draw(w, k);
    let shiftA = 0;
    let shiftB = 0;
    let wwSS = 0;
    let wnS = 0;
    let wwnS = 0;
    let wnn = 0;
    let wwnn = 0;
    for (let g = 0; g < k; g++) {
      const weight = w[g];
      const total = totals[g];
      const size = sizes[g];
      const wS = weight * total;
      const wn = weight * size;
      shiftA += wS;
      shiftB += wn;
      wwSS += wS * wS;
      wnS += wn * total;
      wwnS += wS * wn;
      wnn += wn * size;
      wwnn += wn * wn;
    }
    const a = shiftA / itemCount;
    const m = shiftB / itemCount;
    ws.shiftA[b] = shiftA;
    ws.shiftB[b] = shiftB;
    ws.alphaAlpha[b] = wwSS - 2 * a * wnS + a * a * sizeSquares;
    ws.alphaBeta[b] = m * wnS - wwnS - a * m * sizeSquares + a * wnn;
    ws.betaBeta[b] = m * m * sizeSquares - 2 * m * wnn + wwnn;
  }
}

/**
 * Whether draw b's |t*| at μ0 reaches |t|: |t*| ≥ |t| ⇔ num² ≥ t²·q with num = A_b − μ0·B_b and
 * q = c·(αα_b + 2μ0·αβ_b + μ0²·ββ_b) (also covers q = 0: t* infinite or 0/0 counted as exceeding).
 */
function drawExceeds(
  ws: WildBootstrapWorkspace,
  b: number,
  mu0: number,
  absT: number,
  correction: number,
): boolean {
  const num = ws.shiftA[b] - mu0 * ws.shiftB[b];
  const q = correction * (ws.alphaAlpha[b] + mu0 * (2 * ws.alphaBeta[b] + mu0 * ws.betaBeta[b]));
  return num * num >= absT * absT * q * TIE_SLACK;
}

/** True when the WCR test rejects H0: μ = μ0 at level α (p(μ0) ≤ α). */
function rejects(
  ws: WildBootstrapWorkspace,
  mu0: number,
  absT: number,
  correction: number,
  maxExceedances: number,
): boolean {
  const resamples = ws.shiftA.length;
  let exceed = 0;
  for (let b = 0; b < resamples; b++) {
    if (drawExceeds(ws, b, mu0, absT, correction)) {
      exceed++;
      if (exceed > maxExceedances) return false;
    }
  }
  return true;
}

/** One endpoint: direction +1 (upper) or −1 (lower). */
function endpoint(
  ws: WildBootstrapWorkspace,
  mean: number,
  se: number,
  direction: number,
  correction: number,
  maxExceedances: number,
): number {
  let inside = mean;
  let step = se;
  let outside = Number.NaN;
  for (let d = 0; d <= MAX_DOUBLINGS; d++) {
    const mu0 = mean + direction * step;
    if (rejects(ws, mu0, step / se, correction, maxExceedances)) {
      outside = mu0;
      break;
    }
    inside = mu0;
    step *= 2;
  }
  if (Number.isNaN(outside)) return direction * Number.POSITIVE_INFINITY;
  const tolerance = 1e-7 * se;
  // Every later μ0 lies in the current bracket: draws whose verdict is settled on it are counted
  // (or dropped) once, and only the others re-tested (wildSettledDraws.ts; the same verdicts).
  const active = ws.active;
  let count = ws.shiftA.length;
  for (let b = 0; b < count; b++) active[b] = b;
  const settled = ws.settled;
  settled.exceed = 0;
  for (let i = 0; i < BISECTION_STEPS && Math.abs(outside - inside) > tolerance; i++) {
    if (i % SETTLE_EVERY === 0 && count > 0) {
      const lo = Math.min(inside, outside);
      const hi = Math.max(inside, outside);
      count = settleWildDraws(ws, active, count, lo, hi, mean, se, correction, settled);
    }
    const mid = 0.5 * (inside + outside);
    if (
      rejectsActive(
        ws,
        active,
        count,
        settled.exceed,
        mid,
        Math.abs(mid - mean) / se,
        correction,
        maxExceedances,
      )
    )
      outside = mid;
    else inside = mid;
  }
  return 0.5 * (inside + outside);
}

/** {@link rejects} over the active draws, `exceeded` others being known to exceed (same verdict). */
function rejectsActive(
  ws: WildBootstrapWorkspace,
  active: Int32Array,
  count: number,
  exceeded: number,
  mu0: number,
  absT: number,
  correction: number,
  maxExceedances: number,
): boolean {
  let exceed = exceeded;
  if (exceed > maxExceedances) return false;
  for (let i = 0; i < count; i++) {
    const b = active[i];
    if (drawExceeds(ws, b, mu0, absT, correction)) {
      exceed++;
      if (exceed > maxExceedances) return false;
    }
  }
  return true;
}

/**
 * Fills `out` with the WCR wild cluster bootstrap-t interval of the mean at `level`
 * (module comment), using `ws.shiftA.length` bootstrap draws of weights from `draw`.
 * Needs K ≥ 2 clusters and N = `itemCount` > 0 items. SE = 0: bounds NaN, `degenerate`
 * (no draws made). An unbounded side: ±Infinity, `degenerate`.
 */
export function wildClusterBootstrapInterval(
  t: ClusterTotals,
  itemCount: number,
  level: number,
  draw: DrawWildWeights,
  ws: WildBootstrapWorkspace,
  out: WildBootstrapInterval,
): WildBootstrapInterval {
  assertInteger('t.count', t.count, 2);
  assertPositive('itemCount', itemCount);
  assertLevel(level);
  let sum = 0;
  for (let g = 0; g < t.count; g++) sum += t.totals[g];
  const mean = sum / itemCount;
  const se = Math.sqrt(cr1ClusteredVariance(t));
  out.estimate = mean;
  out.se = se;
  if (!(se > 0)) {
    out.lower = Number.NaN;
    out.upper = Number.NaN;
    out.degenerate = true;
    return out;
  }
  drawBootstrap(t, itemCount, draw, ws);
  const resamples = ws.shiftA.length;
  // Reject iff #exceedances / B ≤ α.
  const maxExceedances = Math.floor((1 - level) * resamples + 1e-9);
  const correction = t.count / (t.count - 1);
  out.lower = endpoint(ws, mean, se, -1, correction, maxExceedances);
  out.upper = endpoint(ws, mean, se, 1, correction, maxExceedances);
  out.degenerate = !Number.isFinite(out.lower) || !Number.isFinite(out.upper);
  return out;
}
