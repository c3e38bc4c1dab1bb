/**
 * Actual coverage of a naive normal interval (±z·SE_naive) when the true variance is
 * DEFF times the naive one, so the interval is really ±(z/√DEFF)·SE_true:
 *
 *   coverage = 2Φ(z_{1−(1−level)/2}/√DEFF) − 1       (= 2Φ(1.96/√DEFF) − 1 at 95%).
 *
 * Source: Kish (1965) §5.4 for DEFF; seed 001 ("its coverage is set by the design
 * effect, not by the sample size"). Computed as 1 − 2·(1 − Φ(·)) to keep precision.
 */
import { normalCritical, normalSf } from '../distributions/normal.js';
import { assertLevel, assertPositive } from '../validate.js';

/** Coverage of a nominal-`level` naive interval under design effect `deff`. */
export function naiveCoverageUnderDesignEffect(deff: number, level = 0.95): number {
  assertPositive('deff', deff);
  assertLevel(level);
  return 1 - 2 * normalSf(normalCritical(level) / Math.sqrt(deff));
}
