/**
 * The normal-approximation power constant of a two-sided level-α test with power 1 − β:
 *
 *   z_{1−α/2} + z_{1−β},   e.g. 1.959964 + 0.841621 = 2.801585 at α = 0.05, 80% power,
 *
 * whose square (7.848880; "≈ 7.85" in seeds 000 and 003) multiplies every sample-size
 * formula in this folder. The other tail's rejection probability (Φ(−z_{1−α/2} − δ/SE),
 * ~1e-6 here) is ignored, as in Miller (2024) eqs. 9–10 and the textbook formula
 * (Chow, Shao & Wang, Sample Size Calculations in Clinical Research, 2nd ed., §3.2).
 */
import { normalQuantile } from '../distributions/normal.js';
import { assertProbability, InputError } from '../validate.js';

/** Options shared by the power functions. */
export interface PowerOptions {
  /** Two-sided false-positive rate, default 0.05. */
  alpha?: number;
  /** Power 1 − β, default 0.8. */
  power?: number;
}

/** z_{1−α/2} + z_{power} (must be > 0, i.e. power > α/2). */
export function powerZSum(alpha = 0.05, power = 0.8): number {
  assertProbability('alpha', alpha, true);
  assertProbability('power', power, true);
  const z = normalQuantile(1 - alpha / 2) + normalQuantile(power);
  if (!(z > 0)) throw new InputError('power', `must exceed alpha/2 (${alpha / 2}), got ${power}`);
  return z;
}
