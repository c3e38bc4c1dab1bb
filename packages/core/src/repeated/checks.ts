import { assertSameLength, InputError } from '../validate.js';

/** correct[i] ∈ {0..asks[i]} and asks[i] ≥ minAsks, both integer, same length ≥ minQuestions. */
export function checkCounts(
  correct: ArrayLike<number>,
  asks: ArrayLike<number>,
  minAsks: number,
  minQuestions: number,
): void {
  assertSameLength('correct', correct, 'asks', asks);
  if (correct.length < minQuestions) {
    throw new InputError('correct', `must cover at least ${minQuestions} question(s), got ${correct.length}`);
  }
  for (let i = 0; i < asks.length; i++) {
    const K = asks[i];
    if (!Number.isInteger(K) || K < minAsks) {
      throw new InputError('asks', `entry ${i} must be an integer ≥ ${minAsks}, got ${K}`);
    }
    const c = correct[i];
    if (!Number.isInteger(c) || c < 0 || c > K) {
      throw new InputError('correct', `entry ${i} must be an integer in 0..asks[${i}] (${K}), got ${c}`);
    }
  }
}
