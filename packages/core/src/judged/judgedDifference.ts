/**
 * The difference of two systems judged on the same questions, θ̂_A − θ̂_B, with each system's
 * own estimator (PPI++: each its own λ̂, so the difference is the difference of the two
 * systems' reported estimates) and the variance
 *
 *   V̂(θ̂_A − θ̂_B) = Σ_g (T_g^A − T_g^B)²
 *
 * over the shared clusters g (judgedInfluence.ts: the question, or the question's cluster): the
 * covariance of the two estimates is carried by the clusters they share. The same formula holds
 * whether the labelled slice is shared (the same questions labelled for both) or not. With a
 * shared slice and λ = 1 it is ppi_py's `ppi_mean_ci` on the differences (Y = y_A − y_B,
 * Ŷ = f_A − f_B) when every row is its own cluster. Lee et al.'s interval has no two-system
 * form; `lee` is refused. `judgedDifferenceBounds` is the allocation-free form.
 */
import { normalCritical } from '../distributions/index.js';
import { assertLevel, InputError } from '../validate.js';
import { judgedInfluence, sumOfSquaredDifferences } from './judgedInfluence.js';
import {
  createJudgedBounds,
  estimatorOf,
  type JudgedBounds,
  type JudgedInterval,
  type JudgedMethod,
  type JudgedWork,
  judgedWork,
  lambdaOf,
} from './judgedInterval.js';
import { clusterCountOf, type JudgedSample } from './judgedSample.js';

export interface JudgedDifference extends JudgedInterval {
  /** λ of the second system's PPI method (`lambda` is the first's). */
  readonly lambdaSecond: number;
}

/**
 * θ̂_A − θ̂_B and its interval with critical value `z` into `out` (allocation-free; the two
 * works hold the samples' sums, on the same K clusters); returns the second system's λ.
 */
export function judgedDifferenceBounds(
  first: JudgedSample,
  second: JudgedSample,
  method: Exclude<JudgedMethod, 'lee'>,
  z: number,
  workFirst: JudgedWork,
  workSecond: JudgedWork,
  out: JudgedBounds,
): number {
  const K = clusterCountOf(first);
  const lambda = lambdaOf(method, workFirst.sums);
  const lambdaSecond = lambdaOf(method, workSecond.sums);
  const estimator = estimatorOf(method);
  const a = judgedInfluence(first, workFirst.sums, estimator, workFirst.totals, lambda);
  const b = judgedInfluence(second, workSecond.sums, estimator, workSecond.totals, lambdaSecond);
  const estimate = a - b;
  out.lambda = lambda;
  if (Number.isNaN(estimate)) {
    out.estimate = Number.NaN;
    out.se = Number.NaN;
    out.lower = Number.NaN;
    out.upper = Number.NaN;
    out.degenerate = true;
    return lambdaSecond;
  }
  const se = Math.sqrt(sumOfSquaredDifferences(workFirst.totals, workSecond.totals, K));
  out.estimate = estimate;
  out.se = se;
  out.lower = estimate - z * se;
  out.upper = estimate + z * se;
  out.degenerate = !(se > 0);
  return lambdaSecond;
}

/** θ̂_A − θ̂_B and its interval at `level` (module comment). */
export function judgedDifference(
  first: JudgedSample,
  second: JudgedSample,
  method: Exclude<JudgedMethod, 'lee'>,
  level = 0.95,
  workFirst: JudgedWork = judgedWork(first),
  workSecond: JudgedWork = judgedWork(second),
): JudgedDifference {
  assertLevel(level);
  if ((method as string) === 'lee') throw new InputError('method', 'lee has no two-system form');
  const K = clusterCountOf(first);
  if (clusterCountOf(second) !== K)
    throw new InputError(
      'second',
      `has ${clusterCountOf(second)} clusters, the first ${K}; pair on the same clusters`,
    );
  const out = createJudgedBounds();
  const lambdaSecond = judgedDifferenceBounds(
    first,
    second,
    method,
    normalCritical(level),
    workFirst,
    workSecond,
    out,
  );
  return { method, level, ...out, lambdaSecond };
}
