/**
 * Accuracy of a threshold (latent-variable) item model and its inverse.
 * An item is answered correctly when μ + s·Z + e > 0, with Z ~ N(0, 1) the sum of
 * the shared normal effects (s² = Σ of their variances) and e the item noise:
 *   - 'normal':   e ~ N(0, 1), so P(correct) = Φ(μ / √(s² + 1)) (probit model);
 *   - 'logistic': e ~ standard logistic (variance π²/3), so
 *     P(correct) = ∫ Λ(μ + s z) φ(z) dz (logistic–normal convolution, computed by the
 *     trapezoid rule on z ∈ [−10, 10], step 0.02, which is exact to ~1e-15 for this
 *     smooth Gaussian-weighted integrand).
 */
import { normalCdf, normalQuantile } from '@evalsim/core';

export type LatentNoise = 'normal' | 'logistic';

export const LATENT_NOISES: readonly LatentNoise[] = ['normal', 'logistic'];

const GRID_HALF_WIDTH = 10;
const GRID_STEP = 0.02;
const INV_SQRT_2PI = 1 / Math.sqrt(2 * Math.PI);

/** Standard logistic cdf Λ(x) = 1/(1 + e^(−x)). */
function logisticCdf(x: number): number {
  return x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x));
}

/** P(μ + s·Z + e > 0) for the given noise (see module comment). */
export function latentAccuracy(intercept: number, sharedSd: number, noise: LatentNoise): number {
  if (noise === 'normal') return normalCdf(intercept / Math.sqrt(sharedSd * sharedSd + 1));
  if (sharedSd === 0) return logisticCdf(intercept);
  const steps = Math.round((2 * GRID_HALF_WIDTH) / GRID_STEP);
  let sum = 0;
  for (let j = 0; j <= steps; j++) {
    const z = -GRID_HALF_WIDTH + j * GRID_STEP;
    const weight = j === 0 || j === steps ? 0.5 : 1;
    sum += weight * INV_SQRT_2PI * Math.exp(-0.5 * z * z) * logisticCdf(intercept + sharedSd * z);
  }
  return sum * GRID_STEP;
}

/**
 * The intercept μ with latentAccuracy(μ, s, noise) = `accuracy`: closed form
 * Φ⁻¹(accuracy)·√(s² + 1) for normal noise; bisection to 1e-13 on the increasing
 * function otherwise.
 */
export function interceptForAccuracy(accuracy: number, sharedSd: number, noise: LatentNoise): number {
  if (!(accuracy > 0 && accuracy < 1)) {
    throw new RangeError(`accuracy must be in (0, 1), got ${accuracy}`);
  }
  if (noise === 'normal') return normalQuantile(accuracy) * Math.sqrt(sharedSd * sharedSd + 1);
  let lo = -60;
  let hi = 60;
  while (hi - lo > 1e-13) {
    const mid = 0.5 * (lo + hi);
    if (latentAccuracy(mid, sharedSd, noise) < accuracy) lo = mid;
    else hi = mid;
  }
  return 0.5 * (lo + hi);
}
