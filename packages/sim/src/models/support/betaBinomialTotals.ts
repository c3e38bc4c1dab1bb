/**
 * Cluster totals of the beta-binomial clusters model by table inversion: one uniform and a
 * table lookup per cluster instead of a Beta and a Binomial draw, and one uniform in all for
 * the clusters of one item.
 *
 * Why the distribution is unchanged: the model draws p_k ~ Beta(a, b), then
 * S_k ~ Binomial(n_k, p_k); only S_k is kept (sumSquares = totals for 0/1 items), so S_k's
 * law is the mixture, the beta-binomial BB(n_k, a, b), and the clusters are independent.
 * Drawing S_k directly from BB(n_k, a, b) (ρ = 0: Binomial(n_k, p)) by inversion of an exact
 * table (samplers/betaBinomialTable.ts, binomialTable.ts; stated accuracy there, ≤ 1e-12
 * relative per pmf value up to n = 1,000) gives the same joint law of the totals.
 *
 * Clusters of one item: their totals are K₁ independent Bernoulli(E p_k) = Bernoulli(p)
 * draws, so their sum S₁ is Binomial(K₁, p) and, given S₁, the set of clusters that scored 1
 * is uniform over the C(K₁, S₁) subsets. S₁ is drawn by inverting the Binomial(K₁, p) table
 * (one uniform) and the first S₁ single-item clusters (in cluster order) get 1. That changes
 * the arrangement, not the multiset of (n_k, S_k) pairs, whose law is exactly the model's;
 * every analysis of clusteredScores is a symmetric function of the clusters (or resamples
 * them exchangeably: cluster bootstrap indices, wild weights, i.i.d. per cluster), so every
 * result has the model's distribution. (Before: one uniform per item-cluster; the streams of
 * cells with single-item clusters changed with this shortcut, 1,000 → 1 uniform at m = 1.)
 *
 * Draw order per replication: the S₁ uniform (when K₁ > 0), then one uniform per table
 * cluster in cluster order, all from one bulk RandomStream.fillUniform call when no cluster
 * needs the fallback below (same numbers as successive uniform() calls).
 *
 * Tables are built once per distribution, lazily on a cell's first replication (so
 * validation in the main thread builds nothing), and shared by the clusters of that size and
 * by the thread's other cells with the same distribution. Sizes above BETA_BINOMIAL_TABLE_MAX_N, sizes beyond a budget of 2²⁰ table entries per
 * cell, and the (theoretical) tables refused for underflow draw Beta then Binomial per
 * cluster; which clusters use tables depends only on the parameters, so results are the same
 * for any worker count or chunking.
 */

import type { EqualSizeSums } from '../../base/dataKinds.js';
import type { RandomStream } from '../../base/randomStream.js';
import { BETA_BINOMIAL_TABLE_MAX_N, fillBetaBinomialTable } from '../../samplers/betaBinomialTable.js';
import { fillBinomialTable } from '../../samplers/binomialTable.js';
import { DiscreteTable } from '../../samplers/discreteTable.js';

const TABLE_BUDGET = 1 << 20;
/**
 * Guide sizes (discreteTable.ts: the same draws for any guide; a larger one leaves fewer guide
 * cells straddling a cdf step, so fewer mispredicted branches): 64 entries per value and at
 * least 4,096 up to 256 values (≤ 64 KiB), 16 per value up to 4,096 values, 1 beyond. Measured
 * (bulk inversion of the BB(m, 6.3, 2.7) tables of m = 5 … 50, load ≈ 11 on 2 cores, medians):
 * 16 per value 7.6 ns per draw, 64 per value and ≥ 4,096 entries 2.7 ns.
 */
const HUGE_GUIDE_MAX_VALUES = 256;
const HUGE_GUIDE = 64;
const MIN_GUIDE_ENTRIES = 4096;
const LARGE_GUIDE_MAX_VALUES = 4096;
const LARGE_GUIDE = 16;

/** What the sampler needs of the model's parsed parameters. */
export interface BetaBinomialTotalsParams {
  readonly p: number;
  readonly rho: number;
  readonly a: number;
  readonly b: number;
  readonly sizes: Float64Array;
  readonly clusterCount: number;
}

/** A cell's sampling plan, built on its first replication. */
interface CellPlan {
  /** Clusters of one item, in cluster order, and the Binomial(K₁, p) table of their sum. */
  readonly units: Int32Array;
  readonly unitTable: DiscreteTable | null;
  /** The other clusters, in cluster order, and each one's table (null: Beta then Binomial). */
  readonly others: Int32Array;
  readonly tables: readonly (DiscreteTable | null)[];
  /** Every other cluster has a table: the replication's uniforms are drawn in bulk into `uniforms`. */
  readonly bulk: boolean;
  /** The other clusters are the last clusters, all of one size: one bulk inversion (the common layout). */
  readonly shared: DiscreteTable | null;
  readonly uniforms: Float64Array;
}

const cellPlans = new WeakMap<BetaBinomialTotalsParams, CellPlan>();

function guidedTable(values: number): DiscreteTable {
  if (values <= HUGE_GUIDE_MAX_VALUES) return new DiscreteTable(HUGE_GUIDE, MIN_GUIDE_ENTRIES);
  return new DiscreteTable(values <= LARGE_GUIDE_MAX_VALUES ? LARGE_GUIDE : 1, MIN_GUIDE_ENTRIES);
}

/**
 * Filled tables by distribution, shared by this thread's cells (a grid repeats them: the
 * Binomial(1,000, p) of single-item clusters is the same at every ρ). A table is a pure
 * function of its key and never refilled, so sharing changes no draw; null = refused (underflow).
 * At most MAX_SHARED_TABLES entries (cleared when full).
 */
const sharedTables = new Map<string, DiscreteTable | null>();
const MAX_SHARED_TABLES = 256;

function sharedTable(key: string, build: () => DiscreteTable | null): DiscreteTable | null {
  let table = sharedTables.get(key);
  if (table === undefined) {
    table = build();
    if (sharedTables.size >= MAX_SHARED_TABLES) sharedTables.clear();
    sharedTables.set(key, table);
  }
  return table;
}

/** Binomial(n, p) (ρ = 0) or BB(n, a, b), or null when the beta-binomial table is refused. */
function clusterTable(params: BetaBinomialTotalsParams, n: number): DiscreteTable | null {
  if (params.rho === 0)
    return sharedTable(`binomial/${n}/${params.p}`, () => fillBinomialTable(guidedTable(n + 1), n, params.p));
  return sharedTable(`betaBinomial/${n}/${params.a}/${params.b}`, () => {
    const table = guidedTable(n + 1);
    return fillBetaBinomialTable(table, n, params.a, params.b) ? table : null;
  });
}

function buildPlan(params: BetaBinomialTotalsParams): CellPlan {
  const bySize = new Map<number, DiscreteTable | null>();
  let entries = 0;
  const units: number[] = [];
  const others: number[] = [];
  const tables: (DiscreteTable | null)[] = [];
  for (let k = 0; k < params.clusterCount; k++) {
    const n = params.sizes[k];
    if (n === 1) {
      units.push(k);
      continue;
    }
    let table = bySize.get(n);
    if (table === undefined) {
      table = null;
      if (n <= BETA_BINOMIAL_TABLE_MAX_N && entries + n + 1 <= TABLE_BUDGET) {
        table = clusterTable(params, n);
        if (table !== null) entries += n + 1;
      }
      bySize.set(n, table);
    }
    others.push(k);
    tables.push(table);
  }
  // The sum of the single-item clusters: a Binomial(K₁, p) table spans only its non-negligible window.
  const K1 = units.length;
  const unitTable =
    K1 > 0
      ? sharedTable(`binomial/${K1}/${params.p}`, () => fillBinomialTable(guidedTable(K1 + 1), K1, params.p))
      : null;
  const bulk = tables.every((t) => t !== null);
  const contiguous = others.every((k, i) => k === units.length + i);
  const shared =
    others.length > 0 && bulk && contiguous && tables.every((t) => t === tables[0]) ? tables[0] : null;
  const draws = (units.length > 0 ? 1 : 0) + others.length;
  return {
    units: Int32Array.from(units),
    unitTable,
    others: Int32Array.from(others),
    tables,
    bulk,
    shared,
    uniforms: new Float64Array(bulk ? draws : 0),
  };
}

/** Sets the first `ones` single-item clusters to 1 and the rest to 0. */
function placeUnitTotals(
  units: Int32Array,
  ones: number,
  totals: Float64Array,
  sumSquares: Float64Array,
): void {
  const count = units.length;
  if (units[count - 1] === count - 1) {
    // units = 0 … count − 1 (ascending, distinct): every cluster up to there has one item.
    totals.fill(1, 0, ones).fill(0, ones, count);
    sumSquares.fill(1, 0, ones).fill(0, ones, count);
    return;
  }
  for (let i = 0; i < count; i++) {
    const y = i < ones ? 1 : 0;
    totals[units[i]] = y;
    sumSquares[units[i]] = y;
  }
}

/** Every cluster has one item: S ~ Binomial(K, p) by one uniform; the first S clusters get 1. */
function drawSingleItemClusters(
  plan: CellPlan,
  rng: RandomStream,
  totals: Float64Array,
  sumSquares: Float64Array,
  sums: EqualSizeSums,
): void {
  const ones = (plan.unitTable as DiscreteTable).quantile(rng.uniform());
  placeUnitTotals(plan.units, ones, totals, sumSquares);
  sums.total = ones;
  sums.totalSquares = ones;
}

/** Every cluster has the same size m > 1 and one table: K uniforms in bulk, one inversion pass, one pass of sums. */
function drawEqualSizeClusters(
  plan: CellPlan,
  rng: RandomStream,
  totals: Float64Array,
  sumSquares: Float64Array,
  sums: EqualSizeSums,
): void {
  const { uniforms } = plan;
  const count = uniforms.length;
  rng.fillUniform(uniforms, count);
  (plan.shared as DiscreteTable).quantilesInto(uniforms, 0, count, totals, 0);
  let total = 0;
  let squares = 0;
  for (let k = 0; k < count; k++) {
    const t = totals[k];
    sumSquares[k] = t;
    total += t;
    squares += t * t;
  }
  sums.total = total;
  sums.totalSquares = squares;
}

/**
 * Draws every cluster's total into totals[k] (and sumSquares[k] = totals[k]) for one
 * replication, and, given `sums` (equal sizes), Σ totals and Σ totals² (free at m = 1: both are
 * the binomial draw; else one pass); allocation-free after the cell's first call. The two
 * common layouts (all single-item clusters; equal sizes with one table) have functions of their
 * own, so each is optimised for its own path (no deoptimisation when a grid moves from one to
 * the other); same draws as the general path.
 */
export function drawBetaBinomialTotals(
  params: BetaBinomialTotalsParams,
  rng: RandomStream,
  totals: Float64Array,
  sumSquares: Float64Array,
  sums: EqualSizeSums | null = null,
): void {
  let plan = cellPlans.get(params);
  if (!plan) {
    plan = buildPlan(params);
    cellPlans.set(params, plan);
  }
  if (sums !== null && plan.bulk && plan.others.length === 0)
    drawSingleItemClusters(plan, rng, totals, sumSquares, sums);
  else if (sums !== null && plan.bulk && plan.units.length === 0 && plan.shared !== null)
    drawEqualSizeClusters(plan, rng, totals, sumSquares, sums);
  else drawAnyClusters(params, plan, rng, totals, sumSquares, sums);
}

/** Any layout (mixed sizes, clusters without a table): the draws in the documented order. */
function drawAnyClusters(
  params: BetaBinomialTotalsParams,
  plan: CellPlan,
  rng: RandomStream,
  totals: Float64Array,
  sumSquares: Float64Array,
  sums: EqualSizeSums | null,
): void {
  const { units, unitTable, others, tables, uniforms } = plan;
  if (plan.bulk) {
    rng.fillUniform(uniforms, uniforms.length);
    let next = 0;
    if (unitTable !== null) placeUnitTotals(units, unitTable.quantile(uniforms[next++]), totals, sumSquares);
    for (let i = 0; i < others.length; i++) {
      const total = (tables[i] as DiscreteTable).quantile(uniforms[next++]);
      totals[others[i]] = total;
      sumSquares[others[i]] = total;
    }
  } else {
    if (unitTable !== null) placeUnitTotals(units, unitTable.quantile(rng.uniform()), totals, sumSquares);
    const { p, rho, a, b, sizes } = params;
    for (let i = 0; i < others.length; i++) {
      const table = tables[i];
      const n = sizes[others[i]];
      let total: number;
      if (table !== null) total = table.quantile(rng.uniform());
      else total = rho === 0 ? rng.binomial(n, p) : rng.binomial(n, rng.beta(a, b));
      totals[others[i]] = total;
      sumSquares[others[i]] = total;
    }
  }
  if (sums !== null) {
    let total = 0;
    let squares = 0;
    for (let k = 0; k < params.clusterCount; k++) {
      const t = totals[k];
      total += t;
      squares += t * t;
    }
    sums.total = total;
    sums.totalSquares = squares;
  }
}
