/**
 * The recursive numerical integration of Armitage, McPherson & Rowe (1969, "Repeated
 * significance tests on accumulating data", JRSS A 132:235) in the form of Jennison &
 * Turnbull (2000, "Group Sequential Methods with Applications to Clinical Trials", ch. 19).
 *
 * On the score scale W_k = Z_k·√t_k (information fraction t_k; Brownian motion with drift η
 * per unit t, so E[Z_k] = η√t_k), the sub-density of W_k on the paths that continued at looks
 * 1 … k − 1 is
 *
 *   g_1(w) = φ((w − η t_1)/√t_1)/√t_1,
 *   g_k(w) = ∫_{C_{k−1}} g_{k−1}(u) φ((w − u − ηΔ_k)/√Δ_k)/√Δ_k du,   Δ_k = t_k − t_{k−1},
 *
 * and the probability of continuing to look k − 1 and then crossing b at look k is
 * ∫_{C_{k−1}} g_{k−1}(u) Φ̄((b − u − ηΔ_k)/√Δ_k) du (lower: Φ((a − u − ηΔ_k)/√Δ_k)).
 *
 * Quadrature (Jennison & Turnbull §19.2.1): on each stage the 6r − 1 points
 *   −3 − 4 log(r/i) (i < r),  −3 + 3(i − r)/(2r) (r ≤ i ≤ 5r),  3 + 4 log(r/(6r − i)) (i > 5r)
 * in standard deviations about the stage's mean, those outside the continuation interval
 * replaced by its ends; J&T apply Simpson's rule between these points (error ∝ r⁻⁴, about
 * 2e-6 in c_k at r = 32 over 20 looks), here a 4-point Gauss–Legendre rule on each interval
 * between them (4(m − 1) nodes, error ∝ r⁻⁸): r = 24 agrees with an independent recursion
 * (packages/core/fixtures/scripts/groupSequential.py, equal-width Gauss–Legendre panels,
 * converged to 1e-11) within 2e-10 in every boundary. A stage is held as its nodes x and the
 * products w·g(x) of weight and sub-density.
 */
import { normalCdf, normalSf } from '../distributions/normal.js';

/** One stage of the recursion: nodes on the score scale and weight × sub-density there. */
export interface StageNodes {
  readonly x: Float64Array;
  readonly wg: Float64Array;
}

const INV_SQRT_2PI = 0.3989422804014327;
/** 4-point Gauss–Legendre nodes on [−1, 1] and their weights. */
const RULE_X = [-0.8611363115940526, -0.33998104358485626, 0.33998104358485626, 0.8611363115940526];
const RULE_W = [0.34785484513745357, 0.6521451548625464, 0.6521451548625464, 0.34785484513745357];

/** Nodes and weights on (lo, hi): J&T's grid about `mean` with spread `sd`, 4-point Gauss–Legendre between its points. */
function stageRule(lo: number, hi: number, mean: number, sd: number, r: number) {
  const base: number[] = [];
  const n = 6 * r - 1;
  for (let i = 1; i <= n; i++) {
    const z =
      i < r
        ? -3 - 4 * Math.log(r / i)
        : i <= 5 * r
          ? -3 + (3 * (i - r)) / (2 * r)
          : 3 + 4 * Math.log(r / (6 * r - i));
    base.push(mean + sd * z);
  }
  const points: number[] = [];
  if (lo > base[0]) points.push(lo);
  for (const p of base) if (p > lo && p < hi) points.push(p);
  if (hi < base[n - 1]) points.push(hi);
  const m = points.length;
  if (m < 2) return { x: new Float64Array(0), w: new Float64Array(0) };
  const x = new Float64Array(RULE_X.length * (m - 1));
  const w = new Float64Array(RULE_X.length * (m - 1));
  let at = 0;
  for (let i = 0; i < m - 1; i++) {
    const half = (points[i + 1] - points[i]) / 2;
    const mid = (points[i + 1] + points[i]) / 2;
    for (let q = 0; q < RULE_X.length; q++) {
      x[at] = mid + half * RULE_X[q];
      w[at++] = half * RULE_W[q];
    }
  }
  return { x, w };
}

/**
 * The stage at look k (information t, the previous look's stage `prev` at tPrev, or none for
 * the first look) on the continuation interval (lo, hi) of the score scale, under drift η.
 */
export function nextStage(
  prev: StageNodes | undefined,
  tPrev: number,
  t: number,
  drift: number,
  lo: number,
  hi: number,
  r: number,
): StageNodes {
  const { x, w } = stageRule(lo, hi, drift * t, Math.sqrt(t), r);
  const wg = new Float64Array(x.length);
  if (!prev) {
    const sd = Math.sqrt(t);
    for (let i = 0; i < x.length; i++) {
      const z = (x[i] - drift * t) / sd;
      wg[i] = (w[i] * INV_SQRT_2PI * Math.exp(-0.5 * z * z)) / sd;
    }
    return { x, wg };
  }
  const delta = t - tPrev;
  const sd = Math.sqrt(delta);
  const scale = Math.SQRT1_2 / sd;
  const shift = drift * delta;
  // On the kernel's scale: exp(−½((x_i − ηΔ − u_j)/√Δ)²) = exp(−(a_i − b_j)²).
  const n = prev.x.length;
  const b = new Float64Array(n);
  for (let j = 0; j < n; j++) b[j] = prev.x[j] * scale;
  const pwg = prev.wg;
  for (let i = 0; i < x.length; i++) {
    const a = (x[i] - shift) * scale;
    let sum = 0;
    for (let j = 0; j < n; j++) {
      const z = a - b[j];
      sum += pwg[j] * Math.exp(-z * z);
    }
    wg[i] = (w[i] * INV_SQRT_2PI * sum) / sd;
  }
  return { x, wg };
}

/**
 * P(continue to the previous look, then W_k ≥ b) (`upper`) or W_k ≤ b (`!upper`) at look k
 * with information t, from the previous stage (none at the first look).
 */
export function crossing(
  prev: StageNodes | undefined,
  tPrev: number,
  t: number,
  drift: number,
  b: number,
  upper: boolean,
): number {
  if (b === Number.POSITIVE_INFINITY) return upper ? 0 : prev ? total(prev) : 1;
  if (b === Number.NEGATIVE_INFINITY) return upper ? (prev ? total(prev) : 1) : 0;
  if (!prev) {
    const z = (b - drift * t) / Math.sqrt(t);
    return upper ? normalSf(z) : normalCdf(z);
  }
  const delta = t - tPrev;
  const sd = Math.sqrt(delta);
  const at = b - drift * delta;
  let sum = 0;
  for (let j = 0; j < prev.x.length; j++) {
    const z = (at - prev.x[j]) / sd;
    sum += prev.wg[j] * (upper ? normalSf(z) : normalCdf(z));
  }
  return sum;
}

/** The probability of having continued through the stage (the integral of its sub-density). */
export function total(stage: StageNodes): number {
  let sum = 0;
  for (let j = 0; j < stage.wg.length; j++) sum += stage.wg[j];
  return sum;
}
