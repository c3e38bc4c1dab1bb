/**
 * maj@k of one question: the chance that the majority (plurality) vote over k samples drawn
 * without replacement from the question's n samples is a passing answer, ties broken uniformly
 * at random — the average over all C(n, k) subsets, so the unbiased estimator of the maj@k of
 * k fresh samples, as pass@k's estimator is of pass@k. The n samples' answers fall into A
 * classes (distinct extracted answers) of sizes m_1 … m_A, each class passing or not (the
 * answer a scorer accepts):
 *
 *   maj@k = Σ_{a passing} Σ_{j ≥ 1} C(m_a, j) · W_a(k − j, j) / C(n, k),
 *   W_a(r, j) = Σ over choices (t_b)_{b ≠ a} with Σ t_b = r and every t_b ≤ j of
 *               Π_b C(m_b, t_b) / (1 + #{b : t_b = j}),
 *
 * W by dynamic programming over the other classes (state: draws left, ties so far). With
 * n = k (one vote over every sample) it is the plurality answer's pass (ties split). lm-eval's
 * `majority_vote` filter and inspect_ai's `mode` reducer take Counter.most_common, which breaks
 * a tie by first occurrence in the log's order; the uniform tie-break is what an estimator that
 * cannot depend on the order of exchangeable samples has to use. Counts are products of
 * binomial coefficients in doubles: C(n, k) must stay below 2^1023 (any k for n ≤ 1,020; k ≤ 10
 * for any n up to 10^30), else an InputError says so.
 */
import { assertInteger, InputError } from '../validate.js';

/** Binomial coefficient C(m, t) as a double (product form; exact below 2^53). */
function choose(m: number, t: number): number {
  if (t < 0 || t > m) return 0;
  const s = Math.min(t, m - t);
  let v = 1;
  for (let i = 1; i <= s; i++) v = (v * (m - s + i)) / i;
  return v;
}

/** Scratch for {@link majorityAtKValue}: DP tables sized for k (reuse across questions). */
export interface MajorityScratch {
  readonly k: number;
  /** (k + 1) × (k + 1): [draws used][ties]. */
  readonly current: Float64Array;
  readonly next: Float64Array;
}

/** Scratch for maj@k at this k. */
export function createMajorityScratch(k: number): MajorityScratch {
  assertInteger('k', k, 1);
  const size = (k + 1) * (k + 1);
  return { k, current: new Float64Array(size), next: new Float64Array(size) };
}

/**
 * maj@k from class sizes and their pass flags (first `classes` entries), without checks
 * (allocation-free with `scratch` made for this k). Needs Σ sizes = n ≥ k.
 */
export function majorityAtKValue(
  sizes: ArrayLike<number>,
  passing: ArrayLike<number>,
  classes: number,
  k: number,
  scratch: MajorityScratch,
): number {
  let n = 0;
  for (let b = 0; b < classes; b++) n += sizes[b];
  const total = choose(n, k);
  const stride = k + 1;
  let sum = 0;
  for (let a = 0; a < classes; a++) {
    if (!passing[a] || sizes[a] === 0) continue;
    const top = Math.min(k, sizes[a]);
    for (let j = 1; j <= top; j++) {
      const rest = k - j;
      // DP over the other classes: current[r·stride + t] = Σ Π C(m_b, t_b) with r drawn, t ties.
      const cur = scratch.current;
      cur.fill(0);
      cur[0] = 1;
      for (let b = 0; b < classes; b++) {
        if (b === a || sizes[b] === 0) continue;
        const nxt = scratch.next;
        nxt.fill(0);
        const cap = Math.min(j, sizes[b]);
        for (let r = 0; r <= rest; r++) {
          for (let t = 0; t <= rest; t++) {
            const w = cur[r * stride + t];
            if (w === 0) continue;
            for (let take = 0; take <= cap && r + take <= rest; take++) {
              const tie = take === j ? 1 : 0;
              nxt[(r + take) * stride + t + tie] += w * choose(sizes[b], take);
            }
          }
        }
        cur.set(nxt);
      }
      let ways = 0;
      for (let t = 0; t <= rest; t++) ways += cur[rest * stride + t] / (1 + t);
      sum += choose(sizes[a], j) * ways;
    }
  }
  return sum / total;
}

/** maj@k (checked: integer sizes ≥ 0, pass flags 0/1, k ≤ n, C(n, k) finite). */
export function majorityAtK(sizes: ArrayLike<number>, passing: ArrayLike<number>, k: number): number {
  if (sizes.length !== passing.length) {
    throw new InputError('passing', `must have one flag per class (${sizes.length}), got ${passing.length}`);
  }
  assertInteger('k', k, 1);
  let n = 0;
  for (let b = 0; b < sizes.length; b++) {
    assertInteger(`sizes[${b}]`, sizes[b], 0);
    if (passing[b] !== 0 && passing[b] !== 1) {
      throw new InputError('passing', `entry ${b} must be 0 or 1, got ${passing[b]}`);
    }
    n += sizes[b];
  }
  if (k > n) throw new InputError('k', `maj@k needs k ≤ n samples; got k = ${k} with n = ${n}`);
  if (!Number.isFinite(choose(n, k))) {
    throw new InputError(
      'k',
      `C(${n}, ${k}) exceeds the double range; maj@k is computed for C(n, k) < 2^1023`,
    );
  }
  return majorityAtKValue(sizes, passing, sizes.length, k, createMajorityScratch(k));
}
