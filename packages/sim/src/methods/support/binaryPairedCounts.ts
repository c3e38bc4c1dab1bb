/**
 * The paired 2×2 table and the two systems' totals of one replication of 0/1 scores on the
 * same questions, from the per-cluster sums (allocation-free), for the paired- and
 * two-sample-difference interval adapters. With a = A's score and b = B's on a question:
 *
 *   n11 = Σab,  n10 = Σa − Σab,  n01 = Σb − Σab,  n00 = N − n11 − n10 − n01
 *
 * (orientation of core's pairedTable.ts: first = A, so Δ = A − B). These hold only for 0/1
 * scores, so a graded score (Σa² ≠ Σa in a cluster, or a non-integer total) is refused with
 * an error naming the method, the cluster and the remedy — these intervals are for
 * proportions. A model that knows its scores are 0/1 may hand the sums over (`binaryTotals`), and
 * the pass is skipped. Independent question sets (Σab NaN, itemPopulationPaired's design
 * 'independent') have totals but no table: `paired` is false.
 */
import type { PairedClusteredScores } from '../../base/dataKinds.js';
import { knownBinaryTotals } from './knownBinaryTotals.js';

/** Mutable counts of one replication. */
export interface BinaryPairedCounts {
  n11: number;
  n10: number;
  n01: number;
  n00: number;
  /** Σa and Σb: right answers of A and of B. */
  totalA: number;
  totalB: number;
  /** N, questions (per system). */
  items: number;
  /** False when the data carry no pairing (Σab not finite): n11 … n00 are then NaN. */
  paired: boolean;
}

export function createBinaryPairedCounts(): BinaryPairedCounts {
  return { n11: 0, n10: 0, n01: 0, n00: 0, totalA: 0, totalB: 0, items: 0, paired: false };
}

function refuseGraded(method: string, cluster: number, what: string): never {
  throw new Error(
    `${method} needs 0/1 scores (right or wrong per question); cluster ${cluster} has graded scores (${what}). ` +
      'Use a method for graded scores (e.g. pairedNaiveTest or pairedClusteredTest), or answer: "recorded" / "first" for item populations.',
  );
}

/** Fills `out` from the first `clusterCount` clusters of `data`; throws for graded scores. Returns `out`. */
export function binaryPairedCounts(
  data: PairedClusteredScores,
  method: string,
  out: BinaryPairedCounts,
): BinaryPairedCounts {
  const known = knownBinaryTotals(data);
  if (known !== undefined) return fillCounts(out, known[0]!, known[1]!, known[2]!, data.itemCount);
  let totalA = 0;
  let totalB = 0;
  let both = 0;
  const { totalsA, totalsB, sumSquaresA, sumSquaresB, sumProducts } = data;
  for (let g = 0; g < data.clusterCount; g++) {
    const a = totalsA[g];
    const b = totalsB[g];
    if (sumSquaresA[g] !== a || !Number.isInteger(a))
      refuseGraded(method, g, `A: Σa = ${a}, Σa² = ${sumSquaresA[g]}`);
    if (sumSquaresB[g] !== b || !Number.isInteger(b))
      refuseGraded(method, g, `B: Σb = ${b}, Σb² = ${sumSquaresB[g]}`);
    totalA += a;
    totalB += b;
    both += sumProducts[g];
  }
  return fillCounts(out, totalA, totalB, both, data.itemCount);
}

/** The table from A's and B's right answers, the questions both got right, and N. */
function fillCounts(
  out: BinaryPairedCounts,
  totalA: number,
  totalB: number,
  both: number,
  n: number,
): BinaryPairedCounts {
  out.totalA = totalA;
  out.totalB = totalB;
  out.items = n;
  out.paired = Number.isFinite(both);
  out.n11 = both;
  out.n10 = totalA - both;
  out.n01 = totalB - both;
  out.n00 = n - totalA - totalB + both;
  return out;
}
