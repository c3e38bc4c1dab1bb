/**
 * Per-cluster sufficient statistics of item scores, the input of every clustered
 * estimator in this folder. For cluster g (g = 0 … K−1) they hold n_g (items),
 * S_g = Σ_{i∈g} y_i and Q_g = Σ_{i∈g} y_i². Every clustered variance of the mean,
 * the one-way ANOVA ICC and the CR2 degrees of freedom are functions of these alone,
 * so a simulation can fill preallocated typed arrays and call the `…FromTotals`
 * functions without allocating.
 */
import { assertSameLength, assertScores, InputError } from '../validate.js';

/** Sufficient statistics per cluster; only the first `count` entries are read. */
export interface ClusterTotals {
  /** K, the number of clusters used (the arrays may be longer). */
  count: number;
  /** n_g, items in cluster g (integers ≥ 1). */
  sizes: ArrayLike<number>;
  /** S_g = Σ scores in cluster g. */
  totals: ArrayLike<number>;
  /** Q_g = Σ scores² in cluster g. */
  sumSquares: ArrayLike<number>;
}

/** {@link ClusterTotals} built from items, with the cluster ids in first-appearance order. */
export interface ClusterTotalsFromItems extends ClusterTotals {
  sizes: Float64Array;
  totals: Float64Array;
  sumSquares: Float64Array;
  /** ids[g] is the id of cluster g, in order of first appearance. */
  ids: Array<string | number>;
}

/** A cluster id: any string, or any finite number (usually an integer). */
export type ClusterId = string | number;

/**
 * Groups item scores by cluster id and returns n_g, S_g = Σ y and Q_g = Σ y² per
 * cluster (clusters numbered in order of first appearance). Ids are compared with
 * SameValueZero (JavaScript `Map`), so the number 1 and the string '1' are two
 * different clusters. One cluster is allowed here; the estimators reject it.
 */
export function clusterTotalsFromItems(
  scores: ArrayLike<number>,
  clusters: ArrayLike<ClusterId>,
): ClusterTotalsFromItems {
  assertScores('scores', scores, 1);
  if (clusters == null || typeof clusters.length !== 'number') {
    throw new InputError('clusters', 'must be an array of cluster ids (strings or finite numbers)');
  }
  assertSameLength('scores', scores, 'clusters', clusters);
  const index = new Map<ClusterId, number>();
  const ids: ClusterId[] = [];
  const clusterOf = new Int32Array(scores.length);
  for (let i = 0; i < clusters.length; i++) {
    const id = clusters[i];
    if (!(typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)))) {
      throw new InputError(
        'clusters',
        `ids must be strings or finite numbers; entry ${i} is ${typeof id === 'number' ? String(id) : JSON.stringify(id)}`,
      );
    }
    let g = index.get(id);
    if (g === undefined) {
      g = ids.length;
      index.set(id, g);
      ids.push(id);
    }
    clusterOf[i] = g;
  }
  const count = ids.length;
  const sizes = new Float64Array(count);
  const totals = new Float64Array(count);
  const sumSquares = new Float64Array(count);
  for (let i = 0; i < scores.length; i++) {
    const g = clusterOf[i];
    const y = scores[i];
    sizes[g] += 1;
    totals[g] += y;
    sumSquares[g] += y * y;
  }
  return { count, sizes, totals, sumSquares, ids };
}
