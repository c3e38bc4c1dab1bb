/**
 * Splits a study's replications into N shards of near-equal cost, cutting only at block boundaries.
 *
 * Every cell c has R_c replications in blocks of B (the last one may be shorter): blocks
 * [0, B), [B, 2B), … The blocks of all cells, cell by cell, form one sequence with cumulative
 * cost P(j) = Σ over blocks before j of w_c × (replications in the block), P(K) = T. Shard k
 * gets the blocks between boundaries b_k and b_{k+1}, where b_0 = 0, b_N = K and b_k is the
 * block boundary whose P is nearest to k·T/N (ties to the earlier one). So
 *
 *   - every (cell, block) is in exactly one shard, and a cell is split across shards when its
 *     cost calls for it (replications across cells, not whole cells);
 *   - |cost of a shard − T/N| ≤ the largest block cost;
 *   - splits fall on multiples of B, so a runner aggregating in fixed blocks of B replications
 *     merges any plan to the same bytes;
 *   - the plan depends only on (R, w, N, B): same input, same plan, on any machine.
 *
 * With N above the number of blocks some shards are empty (listed in `emptyShards`). When every
 * cost is 0, replications are balanced instead. O(C + N·log C·log K) time, O(C) extra memory:
 * blocks are never materialised, so B = 1 with 10⁹ replications is fine.
 */
import { checkShardCount } from './readInteger.js';

export interface ShardPlanInput {
  /** Replications of each cell: integers ≥ 0. */
  readonly replications: ArrayLike<number>;
  /** Cost of one replication of each cell (e.g. methods run, or measured seconds): finite, ≥ 0. */
  readonly costs: ArrayLike<number>;
  /** N, the number of shards: an integer ≥ 1. */
  readonly shards: number;
  /** B: shards split a cell's replications only at multiples of B. An integer ≥ 1. */
  readonly blockSize: number;
}

/** Replications [start, end) of one cell. */
export interface ShardPiece {
  readonly cell: number;
  readonly start: number;
  readonly end: number;
}

export interface ShardWork {
  readonly index: number;
  /** By cell, in cell order; at most one piece per cell. Empty for an empty shard. */
  readonly pieces: readonly ShardPiece[];
  readonly replications: number;
  readonly blocks: number;
  /** Σ w_c × replications over the pieces. */
  readonly cost: number;
}

export interface ShardPlan {
  readonly shards: readonly ShardWork[];
  readonly blockSize: number;
  /** K, the number of (cell, block) pairs. */
  readonly blocks: number;
  /** T, the cost of the whole study (with unit costs when every cost is 0). */
  readonly totalCost: number;
  /** Indices of shards with no work (N above the number of blocks, or blocks costlier than T/N). */
  readonly emptyShards: readonly number[];
}

export function planShards(input: ShardPlanInput): ShardPlan {
  const { replications, costs, blockSize: B } = input;
  const N = checkShardCount(input.shards, 'shards');
  const C = replications.length;
  if (!Number.isSafeInteger(B) || B < 1) throw new RangeError(`blockSize: expected an integer ≥ 1, got ${B}`);
  if (costs.length !== C) {
    throw new RangeError(`costs: expected one per cell (${C}), got ${costs.length}`);
  }
  const weights = new Float64Array(C);
  let anyCost = false;
  for (let c = 0; c < C; c++) {
    const r = replications[c]!;
    const w = costs[c]!;
    if (!Number.isSafeInteger(r) || r < 0) {
      throw new RangeError(`replications[${c}]: expected an integer ≥ 0, got ${r}`);
    }
    if (!Number.isFinite(w) || w < 0)
      throw new RangeError(`costs[${c}]: expected a finite number ≥ 0, got ${w}`);
    weights[c] = w;
    if (w > 0 && r > 0) anyCost = true;
  }
  if (!anyCost) weights.fill(1);

  const blockStart = new Float64Array(C + 1);
  const costStart = new Float64Array(C + 1);
  for (let c = 0; c < C; c++) {
    const r = replications[c]!;
    blockStart[c + 1] = blockStart[c]! + Math.ceil(r / B);
    costStart[c + 1] = costStart[c]! + weights[c]! * r;
  }
  const K = blockStart[C]!;
  const T = costStart[C]!;

  /** The last cell whose first block is ≤ j (for j < K, the cell holding block j). */
  const cellOf = (j: number): number => {
    let lo = 0;
    let hi = C - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (blockStart[mid]! <= j) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const firstReplication = (c: number, j: number): number =>
    Math.min((j - blockStart[c]!) * B, replications[c]!);
  /** P(j): the cost of blocks 0 … j − 1. */
  const costBefore = (j: number): number => {
    if (j >= K) return T;
    const c = cellOf(j);
    return costStart[c]! + weights[c]! * firstReplication(c, j);
  };

  /** The first boundary j ≥ from with P(j) ≥ value. */
  const firstReaching = (value: number, from: number): number => {
    let lo = from;
    let hi = K;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (costBefore(mid) >= value) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const bounds = [0];
  for (let k = 1; k < N; k++) {
    const target = (T * k) / N;
    const previous = bounds[k - 1]!;
    const above = firstReaching(target, previous);
    // The boundary below the target, when nearer, is the first of its run of equal P (zero-cost blocks).
    const below = above > previous ? costBefore(above - 1) : Number.NEGATIVE_INFINITY;
    bounds.push(target - below <= costBefore(above) - target ? firstReaching(below, previous) : above);
  }
  bounds.push(K);

  const shards: ShardWork[] = [];
  const emptyShards: number[] = [];
  for (let k = 0; k < N; k++) {
    const a = bounds[k]!;
    const b = bounds[k + 1]!;
    const pieces: ShardPiece[] = [];
    let count = 0;
    for (let j = a; j < b; ) {
      const c = cellOf(j);
      const e = Math.min(b, blockStart[c + 1]!);
      const start = firstReplication(c, j);
      const end = firstReplication(c, e);
      pieces.push({ cell: c, start, end });
      count += end - start;
      j = e;
    }
    if (pieces.length === 0) emptyShards.push(k);
    shards.push({
      index: k,
      pieces,
      replications: count,
      blocks: b - a,
      cost: costBefore(b) - costBefore(a),
    });
  }
  return { shards, blockSize: B, blocks: K, totalCost: T, emptyShards };
}
