import { InputError } from '../validate.js';
import { checkCounts } from './checks.js';

/**
 * Per-question mean scores m_i = correct_i / asks_i for K_i = asks_i graded 0/1 answers
 * to question i (Miller 2024, §3: average within a question first; the question is the
 * unit of analysis). `out` (length ≥ n) avoids the allocation.
 */
export function perQuestionMeans(
  correct: ArrayLike<number>,
  asks: ArrayLike<number>,
  out?: Float64Array,
): Float64Array {
  checkCounts(correct, asks, 1, 1);
  const n = correct.length;
  if (out !== undefined && out.length < n) {
    throw new InputError('out', `must have length ≥ ${n}, got ${out.length}`);
  }
  const means = out ?? new Float64Array(n);
  for (let i = 0; i < n; i++) means[i] = correct[i] / asks[i];
  return means;
}
