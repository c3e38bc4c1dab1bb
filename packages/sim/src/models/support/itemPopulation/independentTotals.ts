/**
 * The 'independent' design with replacement, `n` questions and binary answers: the pooled slot
 * keeps only n and each system's total, and n independent draws of a uniform question then its
 * 0/1 score make the total Binomial(n, mean_i p_i), exactly — two binomial draws per replication.
 */
import { type DrawnPairedScores, type ItemPopulationParams, pairedSums } from './itemPopulationParams.js';

/** Σ_i p_i / N: the probability that one question drawn uniformly scores 1. */
function meanProbability(scores: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < scores.length; i++) sum += scores[i];
  return sum / scores.length;
}

export function independentTotals(params: ItemPopulationParams): DrawnPairedScores {
  const sums = pairedSums(1);
  const meanA = meanProbability(params.scoresA);
  const meanB = meanProbability(params.scoresB as Float64Array);
  const n = params.draws;
  return {
    kind: 'pairedClusteredScores',
    clusterCount: 1,
    itemCount: n,
    ...sums,
    draw(rng) {
      const totalA = rng.binomial(n, meanA);
      const totalB = rng.binomial(n, meanB);
      sums.sizes[0] = n;
      sums.totalsA[0] = totalA;
      sums.totalsB[0] = totalB;
      sums.sumSquaresA[0] = totalA;
      sums.sumSquaresB[0] = totalB;
      sums.sumProducts[0] = Number.NaN;
    },
  };
}
