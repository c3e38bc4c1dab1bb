/**
 * The one-way ANOVA ICCs of one replication of paired 0/1 scores in K clusters of m questions
 * each (pairedLatent's diagnostics): of A's scores, of B's, and of the differences d = a − b,
 * equal bit for bit to core iccAnovaFromTotals on viewPairedSystem / viewPairedDifference
 * (measuredIcc: NaN where undefined). With N = K·m, ȳ = ΣS_g/N (Searle, Casella & McCulloch
 * 1992 §3.5; core oneWayAnova.ts):
 *
 *   SSB = Σ_g (S_g − m·ȳ)²/m,   SSW = Σ_g max(Q_g − S_g²/m, 0),   Σ n_g² = K·m²,
 *
 * with S_g, Q_g = Σa, Σa² (= Σa) for a system and S_g = Σa − Σb, Q_g = Σa + Σb − 2Σab for the
 * differences. A cluster's terms depend only on its integer counts, so the per-cluster divisions
 * are looked up: a system's within terms in a table over S ∈ {0 … m} (once per m), every between
 * term in a table over S made once per replication (it depends on ȳ), each entry computed by
 * the same expression as the per-cluster code. Each sum then adds the same terms in the same
 * cluster order, so SSB and SSW are the same doubles; ΣS, N and Σn_g² are exact integers
 * (ΣA, ΣB from the model's `binaryTotals`). One pass over the clusters for the three ICCs,
 * 2m + 1 + 2(m + 1) divisions per replication plus one per cluster (the differences' within
 * term), instead of three checked passes with 2K divisions each.
 */
import { createOneWayAnova, oneWayAnovaFromSums } from '@evalsim/core';
import type { PairedClusteredScores } from '../../base/dataKinds.js';
import { measuredIccOfAnova } from './measuredIcc.js';

/** ICCs of one replication: differences, A, B. */
export interface PairedIccs {
  difference: number;
  a: number;
  b: number;
}

export function createPairedIccs(): PairedIccs {
  return { difference: Number.NaN, a: Number.NaN, b: Number.NaN };
}

/** Between term (S − m·ȳ)²/m for S = first, first + 1, …, written into table[0 …]. */
function fillBetweenTerms(table: Float64Array, first: number, count: number, m: number, mean: number): void {
  for (let j = 0; j < count; j++) {
    const r = first + j - m * mean;
    table[j] = (r * r) / m;
  }
}

/**
 * A measurer of {@link PairedIccs} for data whose K clusters all hold m = N/K questions and carry
 * `binaryTotals` (pairedLatent's); tables grow when m does. Allocation-free per replication.
 */
export function createPairedBinaryIcc(): (data: PairedClusteredScores, out: PairedIccs) => PairedIccs {
  let size = -1;
  let withinSystem = new Float64Array(0);
  let betweenA = new Float64Array(0);
  let betweenB = new Float64Array(0);
  let betweenD = new Float64Array(0);
  const anova = createOneWayAnova();
  const prepare = (m: number): void => {
    size = m;
    withinSystem = new Float64Array(m + 1);
    for (let v = 0; v <= m; v++) withinSystem[v] = Math.max(v - (v * v) / m, 0);
    betweenA = new Float64Array(m + 1);
    betweenB = new Float64Array(m + 1);
    betweenD = new Float64Array(2 * m + 1);
  };
  return (data, out) => {
    const k = data.clusterCount;
    const n = data.itemCount;
    if (k < 2 || n <= k) {
      out.difference = Number.NaN;
      out.a = Number.NaN;
      out.b = Number.NaN;
      return out;
    }
    const m = n / k;
    if (m !== size) prepare(m);
    const totals = data.binaryTotals!;
    fillBetweenTerms(betweenA, 0, m + 1, m, totals[0]! / n);
    fillBetweenTerms(betweenB, 0, m + 1, m, totals[1]! / n);
    fillBetweenTerms(betweenD, -m, 2 * m + 1, m, (totals[0]! - totals[1]!) / n);
    const { totalsA, totalsB, sumProducts } = data;
    let ssbA = 0;
    let sswA = 0;
    let ssbB = 0;
    let sswB = 0;
    let ssbD = 0;
    let sswD = 0;
    for (let g = 0; g < k; g++) {
      const a = totalsA[g]! | 0;
      const b = totalsB[g]! | 0;
      const d = a - b;
      const q = Math.max(a + b - 2 * sumProducts[g]!, 0);
      ssbA += betweenA[a]!;
      sswA += withinSystem[a]!;
      ssbB += betweenB[b]!;
      sswB += withinSystem[b]!;
      ssbD += betweenD[d + m]!;
      sswD += Math.max(q - (d * d) / m, 0);
    }
    const sizeSquares = k * m * m;
    out.difference = measuredIccOfAnova(oneWayAnovaFromSums(ssbD, sswD, n, k, sizeSquares, anova));
    out.a = measuredIccOfAnova(oneWayAnovaFromSums(ssbA, sswA, n, k, sizeSquares, anova));
    out.b = measuredIccOfAnova(oneWayAnovaFromSums(ssbB, sswB, n, k, sizeSquares, anova));
    return out;
  };
}
