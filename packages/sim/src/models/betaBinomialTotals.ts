/**
 * Cluster totals of the beta-binomial clusters model by table inversion: one uniform and a
 * table lookup per cluster instead of a Beta and a Binomial draw.
 *
 * Why the distribution is unchanged: the model draws p_k ~ Beta(a, b), then
 * S_k ~ Binomial(n_k, p_k); only S_k is kept (sumSquares = totals for 0/1 items), so S_k's
 * law is the mixture, the beta-binomial BB(n_k, a, b), and the clusters are independent.
 * Drawing S_k directly from BB(n_k, a, b) (ρ = 0: Binomial(n_k, p)) by inversion of an exact
 * table (samplers/betaBinomialTable.ts, binomialTable.ts; stated accuracy there, ≤ 1e-12
 * relative per pmf value up to n = 1,000) gives the same joint law of the totals. Clusters
 * of one item keep the single comparison U < p (Bernoulli(E p_k) = Bernoulli(p)), the same
 * draw as before, so those cells' streams do not change.
 *
 * Tables are built once per cell and cluster size, lazily on the first replication (so
 * validation in the main thread builds nothing), and shared by the cell's clusters of that
 * size. Sizes above BETA_BINOMIAL_TABLE_MAX_N, sizes beyond a budget of 2²⁰ table entries per
 * cell, and the (theoretical) tables refused for underflow keep the per-cluster Beta and
 * Binomial draws; which clusters use tables depends only on the parameters, so results are
 * the same for any worker count or chunking.
 */

import type { RandomStream } from '../base/randomStream.js';
import { BETA_BINOMIAL_TABLE_MAX_N, fillBetaBinomialTable } from '../samplers/betaBinomialTable.js';
import { fillBinomialTable } from '../samplers/binomialTable.js';
import { DiscreteTable } from '../samplers/discreteTable.js';

const TABLE_BUDGET = 1 << 20;

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
  /** Per-cluster tables (null: draw Beta then Binomial, or Bernoulli for one item). */
  readonly tables: readonly (DiscreteTable | null)[];
  /** Every cluster takes exactly one uniform (a table or one item): drawn in bulk into `uniforms`. */
  readonly oneUniformEach: boolean;
  readonly uniforms: Float64Array;
}

const cellPlans = new WeakMap<BetaBinomialTotalsParams, CellPlan>();

/** Guide entries per table value (discreteTable.ts: same draws, fewer mispredicted branches) up to this size. */
const LARGE_GUIDE_MAX_VALUES = 4096;
const LARGE_GUIDE = 16;

function buildPlan(params: BetaBinomialTotalsParams): CellPlan {
  const bySize = new Map<number, DiscreteTable | null>();
  let entries = 0;
  let oneUniformEach = true;
  const tables: (DiscreteTable | null)[] = [];
  for (let k = 0; k < params.clusterCount; k++) {
    const n = params.sizes[k];
    let table = bySize.get(n);
    if (table === undefined) {
      table = null;
      if (n > 1 && n <= BETA_BINOMIAL_TABLE_MAX_N && entries + n + 1 <= TABLE_BUDGET) {
        const candidate = new DiscreteTable(n + 1 <= LARGE_GUIDE_MAX_VALUES ? LARGE_GUIDE : 1);
        let exact = true;
        if (params.rho === 0) fillBinomialTable(candidate, n, params.p);
        else exact = fillBetaBinomialTable(candidate, n, params.a, params.b);
        if (exact) {
          table = candidate;
          entries += n + 1;
        }
      }
      bySize.set(n, table);
    }
    if (table === null && n !== 1) oneUniformEach = false;
    tables.push(table);
  }
  return { tables, oneUniformEach, uniforms: new Float64Array(oneUniformEach ? params.clusterCount : 0) };
}

/**
 * Draws every cluster's total into totals[k] (and sumSquares[k] = totals[k]) for one
 * replication; allocation-free after the cell's first call. When every cluster takes one
 * uniform (a table or a single item) the cell's K uniforms are drawn in one bulk call
 * (RandomStream.fillUniform: the same numbers in the same order), then inverted.
 */
export function drawBetaBinomialTotals(
  params: BetaBinomialTotalsParams,
  rng: RandomStream,
  totals: Float64Array,
  sumSquares: Float64Array,
): void {
  let plan = cellPlans.get(params);
  if (!plan) {
    plan = buildPlan(params);
    cellPlans.set(params, plan);
  }
  const { p, rho, a, b, sizes, clusterCount } = params;
  const { tables } = plan;
  if (plan.oneUniformEach) {
    const uniforms = plan.uniforms;
    rng.fillUniform(uniforms, clusterCount);
    for (let k = 0; k < clusterCount; k++) {
      const table = tables[k];
      const u = uniforms[k];
      const total = table !== null ? table.quantile(u) : u < p ? 1 : 0;
      totals[k] = total;
      sumSquares[k] = total;
    }
    return;
  }
  for (let k = 0; k < clusterCount; k++) {
    const table = tables[k];
    let total: number;
    if (table !== null) total = table.quantile(rng.uniform());
    else {
      const n = sizes[k];
      if (n === 1) total = rng.uniform() < p ? 1 : 0;
      else if (rho === 0) total = rng.binomial(n, p);
      else total = rng.binomial(n, rng.beta(a, b));
    }
    totals[k] = total;
    sumSquares[k] = total;
  }
}
