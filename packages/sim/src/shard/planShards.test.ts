import { describe, expect, test } from 'vitest';
import { planShards, type ShardPlan, type ShardPlanInput } from './planShards.js';

/** A small seeded generator for test inputs (xorshift32), local to each call. */
function randomInts(seed: number): (below: number) => number {
  let state = seed >>> 0 || 1;
  return (below) => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state % below;
  };
}

/**
 * Checks what every plan must satisfy: each (cell, block) in exactly one shard, pieces on block
 * boundaries, counts and costs as stated, |cost − T/N| ≤ the largest block cost, empty shards listed.
 */
function checkPlan(input: ShardPlanInput, plan: ShardPlan): void {
  const { replications, costs, shards: N, blockSize: B } = input;
  const owner = Array.from(replications as ArrayLike<number>, (r) =>
    new Array<number>(Math.ceil(r / B)).fill(-1),
  );
  let maxBlockCost = 0;
  let total = 0;
  let allZero = true;
  for (let c = 0; c < replications.length; c++) if (costs[c]! > 0 && replications[c]! > 0) allZero = false;
  const w = (c: number) => (allZero ? 1 : costs[c]!);
  for (let c = 0; c < replications.length; c++) {
    maxBlockCost = Math.max(maxBlockCost, w(c) * Math.min(B, replications[c]!));
    total += w(c) * replications[c]!;
  }
  expect(plan.shards).toHaveLength(N);
  expect(plan.blocks).toBe(owner.reduce((sum, blocks) => sum + blocks.length, 0));
  expect(plan.totalCost).toBeCloseTo(total, 6);
  const empty: number[] = [];
  for (const shard of plan.shards) {
    let count = 0;
    let cost = 0;
    let blocks = 0;
    let lastCell = -1;
    for (const { cell, start, end } of shard.pieces) {
      expect(cell).toBeGreaterThan(lastCell); // cell order, one piece per cell
      lastCell = cell;
      expect(start % B).toBe(0);
      expect(end % B === 0 || end === replications[cell]).toBe(true);
      expect(end).toBeGreaterThan(start);
      expect(end).toBeLessThanOrEqual(replications[cell]!);
      for (let b = start / B; b < Math.ceil(end / B); b++) {
        if (owner[cell]![b] !== -1)
          expect.fail(`cell ${cell} block ${b} in shards ${owner[cell]![b]} and ${shard.index}`);
        owner[cell]![b] = shard.index;
        blocks++;
      }
      count += end - start;
      cost += w(cell) * (end - start);
    }
    expect(shard.replications).toBe(count);
    expect(shard.blocks).toBe(blocks);
    expect(Math.abs(shard.cost - cost)).toBeLessThanOrEqual(1e-9 * Math.max(1, total));
    expect(Math.abs(cost - total / N)).toBeLessThanOrEqual(maxBlockCost * (1 + 1e-12));
    if (shard.pieces.length === 0) empty.push(shard.index);
  }
  for (const [cell, blocks] of owner.entries()) {
    expect(blocks.indexOf(-1), `cell ${cell} has a block in no shard`).toBe(-1);
  }
  expect(plan.emptyShards).toEqual(empty);
}

/** The same rule with every block materialised: the boundary k is the block edge nearest k·T/N. */
function referenceBounds(input: ShardPlanInput): number[] {
  const { replications, costs, shards: N, blockSize: B } = input;
  const prefix = [0];
  const anyCost = Array.from(costs as ArrayLike<number>).some((w, c) => w > 0 && replications[c]! > 0);
  for (let c = 0; c < replications.length; c++) {
    for (let start = 0; start < replications[c]!; start += B) {
      const size = Math.min(B, replications[c]! - start);
      prefix.push(prefix[prefix.length - 1]! + (anyCost ? costs[c]! : 1) * size);
    }
  }
  const T = prefix[prefix.length - 1]!;
  const bounds = [0];
  for (let k = 1; k < N; k++) {
    const target = (T * k) / N;
    let best = bounds[k - 1]!;
    for (let j = best; j < prefix.length; j++) {
      if (Math.abs(prefix[j]! - target) < Math.abs(prefix[best]! - target)) best = j;
    }
    bounds.push(best);
  }
  bounds.push(prefix.length - 1);
  return bounds;
}

const boundsOf = (plan: ShardPlan) => {
  const bounds = [0];
  for (const shard of plan.shards) bounds.push(bounds[bounds.length - 1]! + shard.blocks);
  return bounds;
};

describe('planShards', () => {
  // 12 cells of uneven size and cost (e.g. 1–5 methods), 25-replication blocks: 4 + … blocks.
  const replications = [1000, 250, 1000, 10, 0, 500, 999, 1001, 75, 1000, 300, 26];
  const costs = [1, 2, 5, 1, 3, 4, 1, 1, 2, 3, 0, 1];

  test.each([1, 2, 3, 7, 64])(
    'N = %i: every (cell, block) once, block-aligned, balanced within one block',
    (N) => {
      const input = { replications, costs, shards: N, blockSize: 25 };
      const plan = planShards(input);
      checkPlan(input, plan);
      expect(boundsOf(plan)).toEqual(referenceBounds(input));
      expect(planShards(input)).toEqual(plan); // deterministic
      if (N <= 7) expect(plan.emptyShards).toEqual([]);
    },
  );

  test('N = 1 is the whole study in one shard', () => {
    const plan = planShards({ replications, costs, shards: 1, blockSize: 25 });
    expect(plan.shards[0]!.pieces).toEqual(
      replications.flatMap((r, cell) => (r > 0 ? [{ cell, start: 0, end: r }] : [])),
    );
  });

  test('splits replications across cells, not whole cells: one cell, 3 shards', () => {
    const plan = planShards({ replications: [10_000], costs: [1], shards: 3, blockSize: 100 });
    expect(plan.shards.map((s) => s.pieces)).toEqual([
      [{ cell: 0, start: 0, end: 3300 }],
      [{ cell: 0, start: 3300, end: 6700 }],
      [{ cell: 0, start: 6700, end: 10_000 }],
    ]);
  });

  test('costs steer the split: a cell 9× as costly gets about 9× fewer replications per shard', () => {
    const plan = planShards({ replications: [1000, 1000], costs: [9, 1], shards: 2, blockSize: 10 });
    // T = 10000, half = 5000: 5000/9 ≈ 555.6 replications of cell 0 → the boundary at 560 (cost 5040) or 550 (4950).
    expect(plan.shards[0]!.pieces).toEqual([{ cell: 0, start: 0, end: 560 }]);
    expect(plan.shards[1]!.pieces).toEqual([
      { cell: 0, start: 560, end: 1000 },
      { cell: 1, start: 0, end: 1000 },
    ]);
  });

  test('N larger than the number of blocks: empty shards, listed', () => {
    const input = { replications: [50, 30], costs: [1, 1], shards: 10, blockSize: 25 };
    const plan = planShards(input);
    checkPlan(input, plan);
    expect(plan.blocks).toBe(4);
    expect(plan.shards.filter((s) => s.pieces.length > 0)).toHaveLength(4);
    expect(plan.emptyShards).toHaveLength(6);
    expect(boundsOf(plan)).toEqual(referenceBounds(input));
  });

  test('zero costs everywhere balance replications; no replications at all gives N empty shards', () => {
    const input = { replications: [100, 300], costs: [0, 0], shards: 4, blockSize: 50 };
    const plan = planShards(input);
    checkPlan(input, plan);
    expect(plan.shards.map((s) => s.replications)).toEqual([100, 100, 100, 100]);
    const none = planShards({ replications: [0, 0], costs: [1, 1], shards: 3, blockSize: 10 });
    expect(none.blocks).toBe(0);
    expect(none.emptyShards).toEqual([0, 1, 2]);
    expect(planShards({ replications: [], costs: [], shards: 2, blockSize: 1 }).emptyShards).toEqual([0, 1]);
  });

  test('random inputs agree with the materialised reference', () => {
    const next = randomInts(20_251_130);
    for (let trial = 0; trial < 200; trial++) {
      const cells = 1 + next(20);
      const input = {
        replications: Array.from({ length: cells }, () => (next(5) === 0 ? 0 : next(400))),
        costs: Array.from({ length: cells }, () => (next(6) === 0 ? 0 : 1 + next(8) / (1 + next(3)))),
        shards: 1 + next(40),
        blockSize: 1 + next(60),
      };
      const plan = planShards(input);
      checkPlan(input, plan);
      expect(boundsOf(plan), JSON.stringify(input)).toEqual(referenceBounds(input));
    }
  });

  test('large studies need no per-block memory: 10⁹ replications in blocks of 1', () => {
    const plan = planShards({ replications: [1e9, 5e8], costs: [1, 2], shards: 7, blockSize: 1 });
    expect(plan.blocks).toBe(1.5e9);
    expect(plan.shards.reduce((sum, s) => sum + s.replications, 0)).toBe(1.5e9);
    for (const shard of plan.shards) expect(Math.abs(shard.cost - 2e9 / 7)).toBeLessThanOrEqual(2);
  });

  test('bad arguments are RangeErrors naming them', () => {
    const ok = { replications: [10], costs: [1], shards: 2, blockSize: 5 };
    expect(() => planShards({ ...ok, shards: 0 })).toThrow('shards: expected an integer ≥ 1, got 0');
    expect(() => planShards({ ...ok, blockSize: 0 })).toThrow(RangeError);
    expect(() => planShards({ ...ok, blockSize: 2.5 })).toThrow(
      'blockSize: expected an integer ≥ 1, got 2.5',
    );
    expect(() => planShards({ ...ok, costs: [1, 2] })).toThrow('costs: expected one per cell (1), got 2');
    expect(() => planShards({ ...ok, replications: [-1] })).toThrow(
      'replications[0]: expected an integer ≥ 0, got -1',
    );
    expect(() => planShards({ ...ok, replications: [1.5] })).toThrow('replications[0]');
    expect(() => planShards({ ...ok, costs: [Number.NaN] })).toThrow(
      'costs[0]: expected a finite number ≥ 0, got NaN',
    );
    expect(() => planShards({ ...ok, costs: [-1] })).toThrow('costs[0]');
  });
});
