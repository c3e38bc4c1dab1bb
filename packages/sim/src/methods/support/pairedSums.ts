/**
 * Whole-sample sums of paired cluster statistics (allocation-free), shared by the
 * paired test adapters: Σ a, Σ b, Σ d = Σ a − Σ b, Σ d² = Σ a² + Σ b² − 2 Σ ab,
 * and the discordant counts b = #(A right, B wrong) = Σ a − Σ ab and
 * c = #(A wrong, B right) = Σ b − Σ ab, which hold for 0/1 scores.
 */
import type { PairedClusteredScores } from '../../base/dataKinds.js';
import { knownBinaryTotals } from './knownBinaryTotals.js';

/** Mutable sums of one replication. */
export interface PairedSums {
  totalA: number;
  totalB: number;
  sumD: number;
  sumD2: number;
  /** A right, B wrong (0/1 scores). */
  onlyA: number;
  /** A wrong, B right (0/1 scores). */
  onlyB: number;
  /** False when the data carry no pairing (Σab not finite: independent question sets). */
  paired: boolean;
}

export function createPairedSums(): PairedSums {
  return { totalA: 0, totalB: 0, sumD: 0, sumD2: 0, onlyA: 0, onlyB: 0, paired: true };
}

/**
 * Fills `out` from the first `clusterCount` clusters of `data`; returns `out`. From the model's
 * own sums of 0/1 scores when it has them (knownBinaryTotals: the same integers, no pass).
 */
export function sumPairedScores(data: PairedClusteredScores, out: PairedSums): PairedSums {
  const known = knownBinaryTotals(data);
  if (known !== undefined) return fillPairedSums(out, known[0]!, known[1]!, known[0]!, known[1]!, known[2]!);
  let totalA = 0;
  let totalB = 0;
  let squaresA = 0;
  let squaresB = 0;
  let products = 0;
  for (let g = 0; g < data.clusterCount; g++) {
    totalA += data.totalsA[g];
    totalB += data.totalsB[g];
    squaresA += data.sumSquaresA[g];
    squaresB += data.sumSquaresB[g];
    products += data.sumProducts[g];
  }
  return fillPairedSums(out, totalA, totalB, squaresA, squaresB, products);
}

/** `out` from Σa, Σb, Σa², Σb² and Σab. */
function fillPairedSums(
  out: PairedSums,
  totalA: number,
  totalB: number,
  squaresA: number,
  squaresB: number,
  products: number,
): PairedSums {
  const sumD2 = squaresA + squaresB - 2 * products;
  out.totalA = totalA;
  out.totalB = totalB;
  out.sumD = totalA - totalB;
  out.sumD2 = Math.max(sumD2, 0);
  out.onlyA = totalA - products;
  out.onlyB = totalB - products;
  out.paired = Number.isFinite(products);
  return out;
}
