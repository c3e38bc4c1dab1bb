/**
 * Paired difference of two systems scored on the same n items (per-item scores,
 * 0/1 or graded), d_i = a_i − b_i (first minus second, as scipy.stats.ttest_rel):
 *
 *   d̄ = Σd_i/n,   SE(d̄) = s_d/√n,   s_d² = Σ(d_i − d̄)²/(n − 1),
 *   interval d̄ ± c·SE with c = z (default, as seed 002) or t_{n−1} (`critical: 't'`,
 *   the paired t interval; Student 1908).
 *
 * Items both systems score alike add nothing to s_d, which is why pairing narrows the
 * interval (seed 002, "Standard error of a paired difference"). Computed in two passes
 * (mean, then squared deviations) for accuracy. Ignores clustering: see
 * {@link pairedClusteredDifference}. Degenerate when all d_i are equal (SE = 0).
 */
import { assertLevel, assertSameLength, assertScores, InputError } from '../validate.js';
import { type DifferenceTest, differenceTest } from './differenceInference.js';
import type { PairedCritical } from './pairedDifferenceFromSums.js';

export interface PairedDifferenceOptions {
  /** `'z'` (normal critical value, default) or `'t'` (t with n − 1 df). */
  critical?: PairedCritical;
}

/** Interval and test for mean(a − b) on paired per-item scores (n ≥ 2). */
export function pairedDifference(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  level = 0.95,
  options: PairedDifferenceOptions = {},
): DifferenceTest {
  assertScores('a', a, 2);
  assertScores('b', b, 2);
  assertSameLength('a', a, 'b', b);
  assertLevel(level);
  const critical = options.critical ?? 'z';
  if (critical !== 'z' && critical !== 't') {
    throw new InputError('critical', `must be 'z' or 't', got ${String(critical)}`);
  }
  const n = a.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += a[i] - b[i];
  const mean = sum / n;
  let ss = 0;
  for (let i = 0; i < n; i++) {
    const r = a[i] - b[i] - mean;
    ss += r * r;
  }
  const se = Math.sqrt(ss / (n - 1) / n);
  const df = critical === 't' ? n - 1 : Number.POSITIVE_INFINITY;
  return differenceTest(mean, se, level, df, `paired-${critical}`);
}
