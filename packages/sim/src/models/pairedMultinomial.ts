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
 * so clustered methods see independent items). A replication draws the table itself — three
 * binomial inversions (samplers/pairedTableSampler.ts), not one uniform per question — and
 * hands its sums to the 2×2 methods (`binaryTotals`). The questions are laid out in table
 * order: the first n11 both right, the next n10 only A, the next n01 only B, the rest both
 * wrong. Every analysis of pairedClusteredScores is symmetric in the clusters, so this
 * layout has the distribution of the question-by-question draw given the table (the
 * multinomial's questions are exchangeable), and so the same distribution of every result.
 * The per-question arrays are updated in place between the old and the new cut points only
 * (≈ a few standard deviations of the counts per replication, not n writes): a position's
 * cell is a function of where it lies among the three cuts, so only positions between an old
 * and a new cut can change. Allocation-free after the first draw of each discordant count m.
 * n sizes the per-replication arrays: at most MAX_ARRAY_LENGTH (base/limits.ts).
 */
import type { PairedClusteredScores } from '../base/dataKinds.js';
import { defineModel } from '../base/defineModel.js';
import { MAX_ARRAY_LENGTH } from '../base/limits.js';
import { PAIRED_CELL_PARAMS, pairedCellProbabilities } from '../base/pairedCellProbabilities.js';
import type { RandomStream } from '../base/randomStream.js';
import { type PairedTable, PairedTableSampler } from '../samplers/pairedTableSampler.js';

export interface PairedMultinomialParams {
  readonly n: number;
  readonly p11: number;
  readonly p10: number;
  readonly p01: number;
}

/** The cell's data and the sampler state behind it. */
interface PairedMultinomialData extends PairedClusteredScores {
  readonly sampler: PairedTableSampler;
  readonly table: PairedTable;
  /** The replication's three uniforms (one bulk draw: no number is boxed on the way). */
  readonly uniforms: Float64Array;
  /** Where the arrays' cells change now: n11, n11 + n10, n11 + n10 + n01. */
  readonly cuts: Int32Array;
}

/** Rewrites question i of the layout for cuts (c1, c2, c3). */
function writeQuestion(data: PairedClusteredScores, i: number, c1: number, c2: number, c3: number): void {
  const a = i < c2 ? 1 : 0;
  const b = i < c1 || (i >= c2 && i < c3) ? 1 : 0;
  data.totalsA[i] = a;
  data.totalsB[i] = b;
  data.sumProducts[i] = a * b;
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
    return { n: params.n, p11, p10, p01 };
  },
  allocate(params): PairedMultinomialData {
    const n = params.n;
    // Every question is its own cluster of 0/1 scores, so Σa² = Σa: the squares share the totals' arrays.
    // All zeros is the layout of cuts (0, 0, 0).
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
      sampler: new PairedTableSampler(n, params.p11, params.p10, params.p01),
      table: { n11: 0, n10: 0, n01: 0, n00: n },
      uniforms: new Float64Array(3),
      cuts: new Int32Array(3),
    };
  },
  generate(params, rng: RandomStream, data) {
    rng.fillUniform(data.uniforms, 3);
    const t = data.sampler.drawFrom(data.uniforms, data.table);
    const c1 = t.n11;
    const c2 = c1 + t.n10;
    const c3 = c2 + t.n01;
    const cuts = data.cuts;
    for (let k = 0; k < 3; k++) {
      const old = cuts[k]!;
      const now = k === 0 ? c1 : k === 1 ? c2 : c3;
      const from = Math.min(old, now);
      const to = Math.max(old, now);
      for (let i = from; i < to; i++) writeQuestion(data, i, c1, c2, c3);
    }
    cuts[0] = c1;
    cuts[1] = c2;
    cuts[2] = c3;
    data.clusterCount = params.n;
    data.itemCount = params.n;
    const totals = data.binaryTotals!;
    totals[0] = c2; // Σa = n11 + n10
    totals[1] = t.n11 + t.n01; // Σb
    totals[2] = t.n11; // Σab
    totals[3] = params.n;
  },
  truth: (params) => params.p10 - params.p01,
});
