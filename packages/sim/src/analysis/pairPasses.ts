/**
 * The O(Q) passes of a pair, each a small function of its own so the engine optimises it on
 * the first pairs instead of running 190 × 14,000 iterations unoptimised inside one large
 * function: mean(x − y); the fused pass over d = x − y (Σ(d − d̄)²,
 * Σ(x − x̄)(y − ȳ), the cluster sums of d, the paired 2×2 table); the epoch-mean gap.
 * None allocates.
 */
import type { ClusterSums } from './clusterLayout.js';
import type { QuestionScores } from './questionScores.js';

/** mean(x − y) . */
export function meanDifference(x: Float64Array, y: Float64Array): number {
  let sum = 0;
  for (let q = 0; q < x.length; q++) sum += x[q] - y[q];
  return sum / x.length;
}

/**
 * The fused O(Q) pass of a pair, a small function of its own so the engine optimises it on
 * the first pairs: fills `out` and the cluster sums of d = x − y (no allocation).
 */
export function fusedPairPass(
  a: QuestionScores,
  b: QuestionScores,
  mean: number,
  ids: Int32Array,
  sums: ClusterSums,
  out: Float64Array,
): void {
  const x = a.scores;
  const y = b.scores;
  const ax = a.answers;
  const bx = b.answers;
  const meanX = a.mean;
  const meanY = b.mean;
  const sizes = sums.sizes;
  const totals = sums.totals;
  const squares = sums.sumSquares;
  sizes.fill(0);
  totals.fill(0);
  squares.fill(0);
  let ss = 0;
  let sxy = 0;
  let n11 = 0;
  let n10 = 0;
  let n01 = 0;
  const Q = x.length;
  for (let q = 0; q < Q; q++) {
    const d = x[q] - y[q];
    const r = d - mean;
    ss += r * r;
    sxy += (x[q] - meanX) * (y[q] - meanY);
    const g = ids[q];
    sizes[g] += 1;
    totals[g] += d;
    squares[g] += d * d;
  }
  if (ax !== null && bx !== null) {
    for (let q = 0; q < Q; q++) {
      const u = ax[q];
      const v = bx[q];
      if (u & v) n11++;
      else if (u) n10++;
      else if (v) n01++;
    }
  }
  out[0] = ss;
  out[1] = sxy;
  out[2] = n11;
  out[3] = n10;
  out[4] = n01;
}

/** out[0] = mean over questions of the epoch-mean gap d̄_i, out[1] = Σ(d̄_i − mean)². */
export function epochMeanGap(a: QuestionScores, b: QuestionScores, out: Float64Array): void {
  const Q = a.correct.length;
  let sum = 0;
  for (let q = 0; q < Q; q++) sum += a.correct[q] / a.asks[q] - b.correct[q] / b.asks[q];
  const gap = sum / Q;
  let ss = 0;
  for (let q = 0; q < Q; q++) {
    const r = a.correct[q] / a.asks[q] - b.correct[q] / b.asks[q] - gap;
    ss += r * r;
  }
  out[0] = gap;
  out[1] = ss;
}
