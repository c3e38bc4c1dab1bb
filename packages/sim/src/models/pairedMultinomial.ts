/**
 * Two systems, A and B, answer n questions; each question independently falls in one cell
 * of the paired 2×2 table — both right (p11), only A right (p10), only B right (p01), both
 * wrong (p00) — so the table (n11, n10, n01, n00) is Multinomial(n; p11, p10, p01, p00):
 * exactly the sampling model of the exactPairedCoverage formula (core exactPairedCoverage),
 * whose coverage the simulation must reproduce within Monte Carlo error. The cell
 * probabilities come from base/pairedCellProbabilities.ts (p10, p01 or discordance,
 * imbalance; p11). truth = Δ = p10 − p01, the accuracy difference A − B.
 *
 * Data: pairedClusteredScores with every question its own cluster (n clusters of one item,
 * so clustered methods see independent items). One uniform per question, allocation-free.
 * n sizes the per-replication arrays: at most MAX_ARRAY_LENGTH (base/limits.ts).
 */
import type { PairedClusteredScores } from '../base/dataKinds.js';
import { defineModel } from '../base/defineModel.js';
import { MAX_ARRAY_LENGTH } from '../base/limits.js';
import { PAIRED_CELL_PARAMS, pairedCellProbabilities } from '../base/pairedCellProbabilities.js';
import type { RandomStream } from '../base/randomStream.js';

export interface PairedMultinomialParams {
  readonly n: number;
  readonly p11: number;
  readonly p10: number;
  readonly p01: number;
  /** Cumulative cut points of u ~ U[0, 1): both right below p11, only A below p11 + p10, only B below p11 + p10 + p01. */
  readonly cuts: readonly [number, number, number];
}

export const pairedMultinomial = defineModel({
  name: 'pairedMultinomial',
  description:
    'Two systems on n independent questions, each question both right / only A / only B / both wrong with probabilities p11, p10, p01, p00 (or discordance and imbalance); truth = p10 − p01.',
  dataKind: 'pairedClusteredScores',
  params: {
    n: {
      type: 'integer',
      min: 1,
      max: MAX_ARRAY_LENGTH,
      required: true,
      description: 'Questions n (each its own cluster).',
    },
    ...PAIRED_CELL_PARAMS,
  },
  parse(params): PairedMultinomialParams {
    const { p11, p10, p01 } = pairedCellProbabilities(params);
    return { n: params.n, p11, p10, p01, cuts: [p11, p11 + p10, p11 + p10 + p01] };
  },
  allocate(params): PairedClusteredScores {
    const n = params.n;
    // Every question is its own cluster of 0/1 scores, so Σa² = Σa: the squares share the totals' arrays.
    const totalsA = new Float64Array(n);
    const totalsB = new Float64Array(n);
    return {
      kind: 'pairedClusteredScores',
      clusterCount: n,
      itemCount: n,
      sizes: new Float64Array(n).fill(1),
      totalsA,
      totalsB,
      sumSquaresA: totalsA,
      sumSquaresB: totalsB,
      sumProducts: new Float64Array(n),
      binaryTotals: new Float64Array(4),
    };
  },
  generate(params, rng: RandomStream, data) {
    const [both, onlyA, onlyB] = params.cuts;
    const { totalsA, totalsB, sumProducts } = data;
    let rightA = 0;
    let rightB = 0;
    let rightBoth = 0;
    // The n uniforms in one bulk draw (the same numbers as n uniform() calls), held in
    // sumProducts until each is replaced by its question's a·b.
    rng.fillUniform(sumProducts, params.n);
    for (let i = 0; i < params.n; i++) {
      const u = sumProducts[i]!;
      const a = u < onlyA ? 1 : 0;
      const b = u < both || (u >= onlyA && u < onlyB) ? 1 : 0;
      totalsA[i] = a;
      totalsB[i] = b;
      sumProducts[i] = a * b;
      rightA += a;
      rightB += b;
      rightBoth += a * b;
    }
    data.clusterCount = params.n;
    data.itemCount = params.n;
    const totals = data.binaryTotals!;
    totals[0] = rightA;
    totals[1] = rightB;
    totals[2] = rightBoth;
    totals[3] = params.n;
  },
  truth: (params) => params.p10 - params.p01,
});
