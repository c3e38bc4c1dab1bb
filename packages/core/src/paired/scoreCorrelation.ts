/**
 * Pearson correlation of two systems' per-item scores,
 *
 *   r = Σ(a_i − ā)(b_i − b̄) / √( Σ(a_i − ā)² · Σ(b_i − b̄)² ),
 *
 * the ρ of Miller (2024)'s SE_paired² = SE_A² + SE_B² − 2ρ·SE_A·SE_B (seed 000, Step 3:
 * ρ ≈ 0.60 for Haiku vs Sonnet). Two passes for accuracy; matches scipy.stats.pearsonr.
 * A constant score vector has no correlation: InputError naming it (never NaN).
 */
import { assertSameLength, assertScores, InputError } from '../validate.js';

/** Pearson r of paired scores a and b (n ≥ 2, neither constant). */
export function scoreCorrelation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  assertScores('a', a, 2);
  assertScores('b', b, 2);
  assertSameLength('a', a, 'b', b);
  const n = a.length;
  let sumA = 0;
  let sumB = 0;
  for (let i = 0; i < n; i++) {
    sumA += a[i];
    sumB += b[i];
  }
  const meanA = sumA / n;
  const meanB = sumB / n;
  let saa = 0;
  let sbb = 0;
  let sab = 0;
  for (let i = 0; i < n; i++) {
    const da = a[i] - meanA;
    const db = b[i] - meanB;
    saa += da * da;
    sbb += db * db;
    sab += da * db;
  }
  if (saa === 0) throw new InputError('a', 'is constant; the correlation is undefined');
  if (sbb === 0) throw new InputError('b', 'is constant; the correlation is undefined');
  const r = sab / Math.sqrt(saa * sbb);
  return Math.max(-1, Math.min(1, r));
}
