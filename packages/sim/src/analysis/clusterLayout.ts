/**
 * The clusters of an {@link EvalMatrix} as dense ids 0…K−1 per question, for the
 * clustered estimators. A question without a cluster (−1) becomes a cluster of its own
 * (a singleton contributes its own residual, as in R `sandwich::vcovCL` with a unique id),
 * and `singletons` counts them so the report can say so. `count` < 2 means no clustered
 * analysis is possible (`clustered` is false).
 */
import type { EvalMatrix } from '../evals/evalMatrix.js';

export interface ClusterLayout {
  /** Cluster id per question, 0…count−1. */
  readonly ids: Int32Array;
  /** K. */
  readonly count: number;
  /** Names per id (a singleton is named by its question). */
  readonly names: readonly string[];
  /** Questions without a cluster, each made its own cluster. */
  readonly singletons: number;
  /** True when the eval has named clusters and K ≥ 2. */
  readonly clustered: boolean;
}

/** Dense cluster ids of the matrix's questions. */
export function clusterLayout(matrix: EvalMatrix): ClusterLayout {
  const Q = matrix.questions.length;
  const ids = new Int32Array(Q);
  const names = [...matrix.clusterNames];
  let singletons = 0;
  for (let q = 0; q < Q; q++) {
    const c = matrix.clusterOfQuestion[q];
    if (c >= 0) ids[q] = c;
    else {
      ids[q] = names.push(matrix.questions[q]) - 1;
      singletons++;
    }
  }
  return {
    ids,
    count: names.length,
    names,
    singletons,
    clustered: matrix.clusterNames.length >= 1 && names.length >= 2,
  };
}

/** Reusable per-cluster sums (n_g, Σx, Σx²) in core's `ClusterTotals` shape. */
export interface ClusterSums {
  count: number;
  sizes: Float64Array;
  totals: Float64Array;
  sumSquares: Float64Array;
}

/** Zeroed sums for `count` clusters. */
export function createClusterSums(count: number): ClusterSums {
  return {
    count,
    sizes: new Float64Array(count),
    totals: new Float64Array(count),
    sumSquares: new Float64Array(count),
  };
}

/** Fills `out` with the cluster sums of x (or of x − y when `y` is given); no allocation. */
export function fillClusterSums(
  layout: ClusterLayout,
  x: Float64Array,
  y: Float64Array | null,
  out: ClusterSums,
): ClusterSums {
  out.sizes.fill(0);
  out.totals.fill(0);
  out.sumSquares.fill(0);
  const ids = layout.ids;
  for (let q = 0; q < x.length; q++) {
    const g = ids[q];
    const v = y === null ? x[q] : x[q] - y[q];
    out.sizes[g] += 1;
    out.totals[g] += v;
    out.sumSquares[g] += v * v;
  }
  return out;
}
