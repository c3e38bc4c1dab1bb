/**
 * The model's own [ΣA, ΣB, Σab] of a replication of 0/1 scores (PairedClusteredScores'
 * `binaryTotals`), when it covers the replication's clusters (its last entry equals
 * `clusterCount`); undefined otherwise, and the caller sums the clusters itself. The sums are
 * integers, exact in any order, so they equal a pass over the clusters bit for bit; a model
 * hands them over only when every score is 0 or 1 (so Σa² = Σa and Σb² = Σb too).
 */
import type { PairedClusteredScores } from '../../base/dataKinds.js';

export function knownBinaryTotals(data: PairedClusteredScores): Float64Array | undefined {
  const known = data.binaryTotals;
  return known !== undefined && known[3] === data.clusterCount ? known : undefined;
}
