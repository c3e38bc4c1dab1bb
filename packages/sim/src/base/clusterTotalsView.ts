/**
 * Allocation-free adapters from the sim data kinds to core's `ClusterTotals`
 * (K, n_g, S_g = Σ y, Q_g = Σ y²). A view is a small mutable object created once
 * per analyser; each replication only repoints it (and, for paired differences,
 * refills a workspace that grows only when a cell needs more clusters).
 */
import type { ClusterTotals } from '@evalsim/core';
import type { ClusteredScores, PairedClusteredScores } from './dataKinds.js';

/**
 * Σ scores over the replication's clusters (k successes, for 0/1 scores): the model's exact
 * `equalSizeSums.total` when it supplies one (the same number: integer sums are exact in any
 * order), else a pass.
 */
export function totalOfClusteredScores(data: ClusteredScores): number {
  const sums = data.equalSizeSums;
  if (sums) return sums.total;
  let sum = 0;
  for (let g = 0; g < data.clusterCount; g++) sum += data.totals[g];
  return sum;
}

/** ȳ over the replication's clusters (NaN when there are no items). */
export function meanOfClusteredScores(data: ClusteredScores): number {
  return data.itemCount > 0 ? totalOfClusteredScores(data) / data.itemCount : Number.NaN;
}

/** A reusable, mutable {@link ClusterTotals}. */
export interface ClusterTotalsView extends ClusterTotals {
  count: number;
  sizes: ArrayLike<number>;
  totals: ArrayLike<number>;
  sumSquares: ArrayLike<number>;
}

const EMPTY = new Float64Array(0);

/** A fresh view (empty until pointed at data). */
export function createClusterTotalsView(): ClusterTotalsView {
  return { count: 0, sizes: EMPTY, totals: EMPTY, sumSquares: EMPTY };
}

/** Points `view` at the single-system scores `data`; returns `view`. */
export function viewClusteredScores(data: ClusteredScores, view: ClusterTotalsView): ClusterTotalsView {
  view.count = data.clusterCount;
  view.sizes = data.sizes;
  view.totals = data.totals;
  view.sumSquares = data.sumSquares;
  return view;
}

/** Points `view` at system A (`which` = 'A') or B of paired data; returns `view`. */
export function viewPairedSystem(
  data: PairedClusteredScores,
  which: 'A' | 'B',
  view: ClusterTotalsView,
): ClusterTotalsView {
  view.count = data.clusterCount;
  view.sizes = data.sizes;
  view.totals = which === 'A' ? data.totalsA : data.totalsB;
  view.sumSquares = which === 'A' ? data.sumSquaresA : data.sumSquaresB;
  return view;
}

/** A view of the per-item differences d_i = a_i − b_i, with its own workspace. */
export interface DifferenceTotalsView extends ClusterTotalsView {
  totals: Float64Array;
  sumSquares: Float64Array;
}

/** A fresh difference view; its workspace grows on first use. */
export function createDifferenceTotalsView(): DifferenceTotalsView {
  return { count: 0, sizes: EMPTY, totals: new Float64Array(0), sumSquares: new Float64Array(0) };
}

/**
 * Fills `view` with the cluster sums of d_i = a_i − b_i:
 * Σd = S_A − S_B and Σd² = Q_A + Q_B − 2·Σab. Returns `view`.
 */
export function viewPairedDifference(
  data: PairedClusteredScores,
  view: DifferenceTotalsView,
): DifferenceTotalsView {
  const k = data.clusterCount;
  if (view.totals.length < k) {
    view.totals = new Float64Array(k);
    view.sumSquares = new Float64Array(k);
  }
  const { totalsA, totalsB, sumSquaresA, sumSquaresB, sumProducts } = data;
  const totals = view.totals;
  const squares = view.sumSquares;
  for (let g = 0; g < k; g++) {
    totals[g] = totalsA[g] - totalsB[g];
    const q = sumSquaresA[g] + sumSquaresB[g] - 2 * sumProducts[g];
    squares[g] = Math.max(q, 0);
  }
  view.count = k;
  view.sizes = data.sizes;
  return view;
}
