/**
 * `pooled: true` (two systems, the paired design, with replacement, `n` questions, binary
 * answers): only the paired 2×2 table in one slot, for studies whose methods ignore the
 * clusters (McNemar, paired z, unpaired z). n draws with replacement give outcome counts
 * (n11, n10, n01, n00) ~ Multinomial(n; p11, p10, p01, p00) with p_o the population mean of
 * the per-question outcome probabilities (two independent Bernoullis per question), drawn
 * exactly as n11 ~ Bin(n, p11), n10 ~ Bin(n − n11, p10/(p10 + p01 + p00)),
 * n01 ~ Bin(n − n11 − n10, p01/(p01 + p00)) — three binomial draws instead of n table inversions.
 */
import { type DrawnPairedScores, type ItemPopulationParams, pairedSums } from './itemPopulationParams.js';

/** [p11, p10/(p10 + p01 + p00), p01/(p01 + p00)] of one question drawn uniformly. */
export function pooledChances(a: Float64Array, b: Float64Array): Float64Array {
  let p11 = 0;
  let p10 = 0;
  let p01 = 0;
  let p00 = 0;
  for (let i = 0; i < a.length; i++) {
    p11 += a[i] * b[i];
    p10 += a[i] * (1 - b[i]);
    p01 += (1 - a[i]) * b[i];
    p00 += (1 - a[i]) * (1 - b[i]);
  }
  const total = p11 + p10 + p01 + p00;
  const chance = (x: number, of: number) => (of > 0 ? Math.min(1, x / of) : 0);
  return Float64Array.of(chance(p11, total), chance(p10, p10 + p01 + p00), chance(p01, p01 + p00));
}

export function pooledTable(params: ItemPopulationParams): DrawnPairedScores {
  const sums = pairedSums(1);
  const [p11, q10, q01] = pooledChances(params.scoresA, params.scoresB as Float64Array);
  const n = params.draws;
  return {
    kind: 'pairedClusteredScores',
    clusterCount: 1,
    itemCount: n,
    ...sums,
    draw(rng) {
      const both = rng.binomial(n, p11);
      let rest = n - both;
      const onlyA = rest > 0 ? rng.binomial(rest, q10) : 0;
      rest -= onlyA;
      const onlyB = rest > 0 ? rng.binomial(rest, q01) : 0;
      sums.sizes[0] = n;
      sums.totalsA[0] = both + onlyA;
      sums.totalsB[0] = both + onlyB;
      sums.sumSquaresA[0] = both + onlyA;
      sums.sumSquaresB[0] = both + onlyB;
      sums.sumProducts[0] = both;
    },
  };
}
