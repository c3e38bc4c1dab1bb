/**
 * Gamma(shape, scale 1) draws by Marsaglia & Tsang (2000, "A Simple Method for
 * Generating Gamma Variables", ACM TOMS 26(3)):
 *   d = α − 1/3, c = 1/√(9d); draw Z ~ N(0,1), v = (1 + cZ)³ (retry if v ≤ 0),
 *   U ~ U(0,1); accept d·v if U < 1 − 0.0331 Z⁴ (squeeze) or
 *   ln U < Z²/2 + d(1 − v + ln v).
 * For α < 1 the same paper's boost: G(α) = G(α + 1) · U^{1/α}.
 */
import { InputError } from '@evalsim/core';
import { sampleNormal } from './normal.js';
import type { UniformSource } from './source.js';

function checkShape(shape: number): void {
  if (!(shape > 0 && shape < Number.POSITIVE_INFINITY)) {
    throw new InputError('shape', `must be a finite number > 0, got ${shape}`);
  }
}

/** Marsaglia–Tsang core for shape ≥ 1. */
function marsagliaTsang(src: UniformSource, shape: number): number {
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let z: number;
    let v: number;
    do {
      z = sampleNormal(src);
      v = 1 + c * z;
    } while (v <= 0);
    v = v * v * v;
    const u = 1 - src.uniform(); // (0, 1]
    const z2 = z * z;
    if (u < 1 - 0.0331 * z2 * z2) return d * v;
    if (Math.log(u) < 0.5 * z2 + d * (1 - v + Math.log(v))) return d * v;
  }
}

/**
 * A Gamma(shape, 1) draw; mean = variance = shape. For shape < 1 the result can
 * underflow to 0: P(G < x) ≈ x^α / Γ(α + 1), so shape = 0.01 falls below 1e-300
 * about once in a thousand draws. Use `sampleLogGamma` when the logarithm is what you need.
 */
export function sampleGamma(src: UniformSource, shape: number): number {
  checkShape(shape);
  if (shape >= 1) return marsagliaTsang(src, shape);
  // U^{1/α} as e^{ln U / α}: Math.exp and Math.log (fdlibm ports) give the same bits on every Node,
  // where Math.pow does not, and cost less than core's pow on this per-draw path (relative
  // error ≈ |ln U / α|·2^−53, immaterial for a draw).
  return marsagliaTsang(src, shape + 1) * Math.exp(Math.log(1 - src.uniform()) / shape);
}

/**
 * ln G for G ~ Gamma(shape, 1), computed without underflow for tiny shapes:
 * ln G(α) = ln G(α + 1) + ln(U)/α when α < 1.
 */
export function sampleLogGamma(src: UniformSource, shape: number): number {
  checkShape(shape);
  if (shape >= 1) return Math.log(marsagliaTsang(src, shape));
  return Math.log(marsagliaTsang(src, shape + 1)) + Math.log(1 - src.uniform()) / shape;
}
