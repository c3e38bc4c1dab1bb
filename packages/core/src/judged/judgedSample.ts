/**
 * A judge-scored sample of one system: one row per judged answer, the judge's verdict f_i on
 * every row and a human label y_i on some of them (NaN on the others). Following ppi_py
 * (aangelopoulos/ppi_py, ppi_py/ppi.py at bd90caa, `ppi_mean_ci(Y, Yhat, Yhat_unlabeled)`), the
 * rows with a label are the labelled set L (n rows: `Y`, `Yhat`) and the rows without one are
 * the unlabelled set U (N rows: `Yhat_unlabeled`); a labelled row is never counted in U.
 * `cluster` (optional) gives each row's cluster in [0, clusterCount) — the question, or the
 * question's cluster — and every variance sums its influence terms within clusters; without it
 * every row is its own cluster.
 */
import { InputError } from '../validate.js';

export interface JudgedSample {
  /** The judge's verdict f_i on every row (0/1, or a graded score). */
  readonly judge: ArrayLike<number>;
  /** The human label y_i on a labelled row, NaN on an unlabelled one. */
  readonly label: ArrayLike<number>;
  /** Cluster of each row, an integer in [0, clusterCount); absent: each row its own cluster. */
  readonly cluster?: ArrayLike<number> | undefined;
  /** Number of clusters K (required with `cluster`). */
  readonly clusterCount?: number | undefined;
}

/** Clusters of the sample: K, or the row count when every row is its own cluster. */
export function clusterCountOf(sample: JudgedSample): number {
  return sample.cluster === undefined ? sample.judge.length : (sample.clusterCount ?? 0);
}

/** Cluster of row i (i itself without a cluster array). */
export function clusterOfRow(sample: JudgedSample, i: number): number {
  return sample.cluster === undefined ? i : sample.cluster[i];
}

/**
 * Throws an {@link InputError} naming the field when the sample is malformed: lengths differ, a
 * verdict is not finite, a label is ±∞, a cluster index is outside [0, clusterCount).
 */
export function checkJudgedSample(sample: JudgedSample, name = 'sample'): void {
  const { judge, label, cluster } = sample;
  const rows = judge.length;
  if (rows < 1) throw new InputError(`${name}.judge`, 'must have at least one row');
  if (label.length !== rows)
    throw new InputError(`${name}.label`, `has ${label.length} rows, judge has ${rows}`);
  for (let i = 0; i < rows; i++) {
    if (!Number.isFinite(judge[i]))
      throw new InputError(`${name}.judge`, `row ${i} is ${judge[i]}; verdicts must be finite`);
    const y = label[i];
    if (!Number.isNaN(y) && !Number.isFinite(y))
      throw new InputError(`${name}.label`, `row ${i} is ${y}; a label is finite, or NaN for none`);
  }
  if (cluster === undefined) return;
  const K = sample.clusterCount;
  if (K === undefined || !Number.isInteger(K) || K < 1)
    throw new InputError(`${name}.clusterCount`, `must be an integer ≥ 1 with a cluster array, got ${K}`);
  if (cluster.length !== rows)
    throw new InputError(`${name}.cluster`, `has ${cluster.length} rows, judge has ${rows}`);
  for (let i = 0; i < rows; i++) {
    const c = cluster[i];
    if (!Number.isInteger(c) || c < 0 || c >= K)
      throw new InputError(`${name}.cluster`, `row ${i} is ${c}; allowed: an integer in [0, ${K})`);
  }
}
