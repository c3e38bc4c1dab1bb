/**
 * Binomial(n, p) draws, exact in distribution for any n (never a sum of
 * Bernoullis). With p' = min(p, 1 − p) (and the result reflected to n − X when
 * p > ½):
 *  - n·p' < 10: inversion by sequential search from 0 (BINV, Kachitvichyanukul &
 *    Schmeiser 1988, "Binomial random variate generation", CACM 31(2)):
 *    f(0) = q'ⁿ, f(k) = f(k−1)·((n+1)/k − 1)·p'/q'; mean work n·p' + 1 steps.
 *  - otherwise BTRD, transformed rejection with decomposition (Hörmann 1993,
 *    "The generation of binomial random variates", J. Stat. Comput. Simul. 46),
 *    ≈ 1.2 uniforms per draw whatever n is; acceptance uses the exact pmf ratio
 *    (recursively when |k − m| ≤ 15, otherwise through Stirling's series).
 */
import { InputError } from '@evalsim/core';
import type { UniformSource } from './source.js';
import { stirlingCorrection } from './stirlingCorrection.js';

/** Below this mean n·min(p, 1 − p) inversion is used, above it BTRD (Hörmann's recommendation). */
export const BINOMIAL_INVERSION_MEAN = 10;

/** A Binomial(n, p) draw: n an integer ≥ 0 (up to 2⁵³), p ∈ [0, 1]. */
export function sampleBinomial(src: UniformSource, n: number, p: number): number {
  if (!(n >= 0 && Number.isSafeInteger(n))) {
    throw new InputError('n', `must be an integer ≥ 0, got ${n}`);
  }
  if (!(p >= 0 && p <= 1)) throw new InputError('p', `must be in [0, 1], got ${p}`);
  if (p <= 0.5) return binomialSmallP(src, n, p);
  return n - binomialSmallP(src, n, 1 - p);
}

/** Binomial(n, p) for p ≤ ½. */
function binomialSmallP(src: UniformSource, n: number, p: number): number {
  if (n === 0 || p === 0) return 0;
  if (n * p < BINOMIAL_INVERSION_MEAN) return binomialInversion(src, n, p);
  return binomialBtrd(src, n, p);
}

/** q'ⁿ: exact-ish repeated squaring for small n (faster than pow), else exp(n·log1p(−p)). */
function probabilityOfZero(n: number, p: number): number {
  if (n > 64) return Math.exp(n * Math.log1p(-p));
  let base = 1 - p;
  let result = 1;
  let e = n;
  while (e > 0) {
    if (e & 1) result *= base;
    base *= base;
    e >>= 1;
  }
  return result;
}

function binomialInversion(src: UniformSource, n: number, p: number): number {
  const ratio = p / (1 - p);
  const g = ratio * (n + 1);
  const f0 = probabilityOfZero(n, p);
  for (;;) {
    let u = src.uniform();
    let f = f0;
    let k = 0;
    while (u >= f) {
      u -= f;
      k++;
      // Rounding can leave u above the remaining mass; restart (probability ~1e-16).
      if (k > n) break;
      f *= g / k - ratio;
    }
    if (k <= n) return k;
  }
}

function binomialBtrd(src: UniformSource, n: number, p: number): number {
  // Setup (Hörmann 1993, step 0).
  const q = 1 - p;
  const m = Math.floor((n + 1) * p);
  const r = p / q;
  const nr = (n + 1) * r;
  const npq = n * p * q;
  const sqrtNpq = Math.sqrt(npq);
  const b = 1.15 + 2.53 * sqrtNpq;
  const a = -0.0873 + 0.0248 * b + 0.01 * p;
  const c = n * p + 0.5;
  const alpha = (2.83 + 5.1 / b) * sqrtNpq;
  const vr = 0.92 - 4.2 / b;
  const urvr = 0.86 * vr;
  for (;;) {
    // Step 1: the immediate-acceptance region.
    let v = src.uniform();
    let u: number;
    if (v <= urvr) {
      u = v / vr - 0.43;
      return Math.floor(((2 * a) / (0.5 - Math.abs(u)) + b) * u + c);
    }
    // Step 2: generate (u, v) in the remaining region.
    if (v >= vr) {
      u = src.uniform() - 0.5;
    } else {
      u = v / vr - 0.93;
      u = (u < 0 ? -0.5 : 0.5) - u;
      v = src.uniform() * vr;
    }
    // Step 3.0.
    const us = 0.5 - Math.abs(u);
    const k = Math.floor(((2 * a) / us + b) * u + c);
    if (k < 0 || k > n) continue;
    v = (v * alpha) / (a / (us * us) + b);
    const km = Math.abs(k - m);
    if (km <= 15) {
      // Step 3.1: recursive evaluation of f(k) / f(m).
      let f = 1;
      if (m < k) {
        for (let i = m + 1; i <= k; i++) f *= nr / i - r;
      } else if (m > k) {
        for (let i = k + 1; i <= m; i++) v *= nr / i - r;
      }
      if (v <= f) return k;
      continue;
    }
    // Step 3.2: squeeze on ln v.
    v = Math.log(v);
    const rho = (km / npq) * (((km / 3 + 0.625) * km + 1 / 6) / npq + 0.5);
    const t = (-km * km) / (2 * npq);
    if (v < t - rho) return k;
    if (v > t + rho) continue;
    // Step 3.3: final acceptance with Stirling's series.
    const nm = n - m + 1;
    const h = (m + 0.5) * Math.log((m + 1) / (r * nm)) + stirlingCorrection(m) + stirlingCorrection(n - m);
    const nk = n - k + 1;
    if (
      v <=
      h +
        (n + 1) * Math.log(nm / nk) +
        (k + 0.5) * Math.log((nk * r) / (k + 1)) -
        stirlingCorrection(k) -
        stirlingCorrection(n - k)
    ) {
      return k;
    }
  }
}
