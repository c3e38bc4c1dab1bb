import type { Bounds } from './bounds.js';

/**
 * Both roots of the Wilson score equation |x̃/n − p| = z·√(p(1 − p)/n) for a (possibly
 * non-integer, continuity-shifted) success count x̃ ∈ [0, n]:
 *   (n + z²)p² − (2x̃ + z²)p + x̃²/n = 0.
 * The upper root is (2x̃ + z² + z·√(z² + 4x̃(n − x̃)/n)) / (2(n + z²)); the lower root is
 * taken as the product of the roots over the upper one, x̃²/(n(n + z²)·upper), which
 * avoids the cancellation of the textbook "centre − half-width" form when x̃ ≪ n.
 */
export function wilsonRoots(x: number, n: number, z: number, out: Bounds): void {
  const z2 = z * z;
  const denom = n + z2;
  const upper = (2 * x + z2 + z * Math.sqrt(z2 + (4 * x * (n - x)) / n)) / (2 * denom);
  out.upper = upper;
  out.lower = x <= 0 ? 0 : (x * x) / n / (denom * upper);
}
