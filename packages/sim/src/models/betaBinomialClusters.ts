/**
 * Beta-binomial clusters: K clusters of binary items; cluster k's accuracy
 * p_k ~ Beta(a, b) with mean p = a/(a + b) and intra-cluster correlation
 * ρ = 1/(a + b + 1), i.e. a + b = 1/ρ − 1, a = p(1/ρ − 1), b = (1 − p)(1/ρ − 1);
 * its total S_k ~ Binomial(n_k, p_k), drawn once per cluster (never n_k Bernoullis) from its
 * marginal law, the beta-binomial, by one uniform and a table lookup (betaBinomialTotals.ts).
 * Then Var(S_k) = n_k p(1 − p)[1 + (n_k − 1)ρ] (Kish's design effect per cluster;
 * Skellam 1948 for the beta-binomial).
 *
 * Exact shortcuts (same distribution, fewer draws): ρ = 0 gives S_k ~ Binomial(n_k, p)
 * directly, and a cluster of one item is Bernoulli(E p_k) = Bernoulli(p) whatever ρ.
 *
 * Parameters: `p` in (0, 1), `rho` in [0, 1), and the cluster layout (see clusterSizes.ts):
 * `m` + `clusters`, `items` + `m`, `sizes`, or `m` + `clusters` + `sizeCV`.
 * truth = p. Diagnostics (per replication): `icc`, the one-way ANOVA estimate of ρ;
 * `designEffect`, Kish's 1 + [(1 + CV²)m̄ − 1]·icc from that estimate and the realised
 * size CV (both NaN with clusters of one item, where the ICC is undefined). The design
 * effect as a variance ratio is the square of the ratio of the clustered and naive
 * methods' `meanSE` rows.
 */
import { createClusterTotalsView, viewClusteredScores } from '../base/clusterTotalsView.js';
import type { ClusteredScores } from '../base/dataKinds.js';
import { defineModel } from '../base/defineModel.js';
import type { OptionValues } from '../base/options.js';
import type { RandomStream } from '../base/randomStream.js';
import { drawBetaBinomialTotals } from './support/betaBinomialTotals.js';
import {
  CLUSTER_LAYOUT_PARAMS,
  parseClusterLayout,
  sizeCoefficientOfVariation,
} from './support/clusterSizes.js';
import { measuredDesignEffect, measuredIcc } from './support/measuredIcc.js';

export interface BetaBinomialClustersParams {
  /** Mean accuracy p. */
  readonly p: number;
  /** Intra-cluster correlation ρ = 1/(a + b + 1). */
  readonly rho: number;
  /** Beta shape parameters (Infinity when ρ = 0: every cluster has accuracy p). */
  readonly a: number;
  readonly b: number;
  /** Items per cluster n_k. */
  readonly sizes: Float64Array;
  readonly clusterCount: number;
  readonly itemCount: number;
  /** Mean cluster size m̄ = N/K. */
  readonly meanSize: number;
  /** Realised coefficient of variation of the sizes (population s.d. / mean). */
  readonly sizeCV: number;
}

const PARAMS = {
  p: {
    type: 'number',
    min: 0,
    minExclusive: true,
    max: 1,
    maxExclusive: true,
    required: true,
    description: 'Mean accuracy p = a/(a + b).',
  },
  rho: {
    type: 'number',
    min: 0,
    max: 1,
    maxExclusive: true,
    required: true,
    description: 'Intra-cluster correlation ρ = 1/(a + b + 1).',
  },
  ...CLUSTER_LAYOUT_PARAMS,
} as const;

/** Resolves the checked parameters of one cell. */
export function parseBetaBinomialClusters(params: OptionValues<typeof PARAMS>): BetaBinomialClustersParams {
  const { p, rho } = params;
  const { sizes, clusterCount, itemCount } = parseClusterLayout(params);
  const precision = rho === 0 ? Number.POSITIVE_INFINITY : 1 / rho - 1;
  return {
    p,
    rho,
    a: p * precision,
    b: (1 - p) * precision,
    sizes,
    clusterCount,
    itemCount,
    meanSize: itemCount / clusterCount,
    sizeCV: sizeCoefficientOfVariation(sizes),
  };
}

/**
 * Preallocated data of one cell (the sizes are fixed, so they are filled here once); with equal
 * sizes it also carries each replication's exact Σ totals and Σ totals² (`equalSizeSums`).
 */
export function allocateBetaBinomialClusters(params: BetaBinomialClustersParams): ClusteredScores {
  const size = params.sizes[0];
  const equal = params.sizes.every((n) => n === size);
  return {
    kind: 'clusteredScores',
    clusterCount: params.clusterCount,
    itemCount: params.itemCount,
    sizes: Float64Array.from(params.sizes),
    totals: new Float64Array(params.clusterCount),
    sumSquares: new Float64Array(params.clusterCount),
    equalSizeSums: equal ? { size, total: 0, totalSquares: 0 } : null,
  };
}

/** Draws one replication's cluster totals into `data` (allocation-free). */
export function generateBetaBinomialClusters(
  params: BetaBinomialClustersParams,
  rng: RandomStream,
  data: ClusteredScores,
): void {
  drawBetaBinomialTotals(params, rng, data.totals, data.sumSquares, data.equalSizeSums ?? null);
  data.clusterCount = params.clusterCount;
  data.itemCount = params.itemCount;
}

/**
 * Measures `icc` and `designEffect` of one replication (see the module comment); NaN when
 * undefined (one cluster, clusters of one item, or all scores equal).
 */
function createDiagnostics() {
  const view = createClusterTotalsView();
  return {
    names: ['icc', 'designEffect'],
    measure(data: ClusteredScores, out: Float64Array): void {
      out[0] = Number.NaN;
      out[1] = Number.NaN;
      if (data.clusterCount < 2 || data.itemCount <= data.clusterCount) return;
      const icc = measuredIcc(viewClusteredScores(data, view), data.itemCount);
      out[0] = icc;
      const sizeCV = sizeCoefficientOfVariation(data.sizes, data.clusterCount);
      out[1] = measuredDesignEffect(data.itemCount / data.clusterCount, sizeCV, icc);
    },
  };
}

export const betaBinomialClusters = defineModel({
  name: 'betaBinomialClusters',
  description:
    'K clusters of binary items; cluster accuracy ~ Beta with mean p and ICC rho = 1/(a+b+1); ' +
    'one Binomial(n_k, p_k) draw per cluster. Sizes: m + clusters, items + m, sizes, or m + clusters + sizeCV.',
  dataKind: 'clusteredScores',
  params: PARAMS,
  parse: (params) => parseBetaBinomialClusters(params),
  allocate: allocateBetaBinomialClusters,
  generate: generateBetaBinomialClusters,
  truth: (params) => params.p,
  diagnostics: createDiagnostics(),
});
