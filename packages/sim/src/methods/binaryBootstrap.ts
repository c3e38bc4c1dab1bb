/**
 * Percentile bootstrap of a 0/1 mean by the Binomial(n, k/n) shortcut: a resample of n
 * items with k ones has a Binomial(n, k/n) sum, so `resamples` binomial draws replace
 * resampling items, and percentiles are read from a histogram of the integer sums
 * (core `binaryPercentileBootstrapBounds`; numpy's linear percentile rule). For n ≤ 65,536 the
 * same interval law is drawn from four order statistics instead (binaryBootstrapQuantiles.ts).
 * Clusters are ignored (items resampled independently). Option `resamples` (default 1,000).
 * Degenerate: zero-width interval (k = 0 or k = n: every resample equals the data).
 */
import { type Bounds, binaryPercentileBootstrapBounds, tailProbability } from '@evalsim/core';
import { totalOfClusteredScores } from '../base/clusterTotalsView.js';
import { defineMethod } from '../base/defineMethod.js';
import { fillProportionResult } from './proportionInterval.js';
import { BinaryBootstrapQuantiles, BOOTSTRAP_QUANTILES_MAX_N } from './support/binaryBootstrapQuantiles.js';

export const binaryBootstrap = defineMethod({
  name: 'binaryBootstrap',
  description:
    'Percentile bootstrap of a 0/1 mean via Binomial(n, k/n) resample sums (resamples, default 1,000).',
  kind: 'interval',
  accepts: ['clusteredScores'],
  options: {
    resamples: { type: 'integer', min: 1, default: 1000, description: 'Bootstrap resamples B.' },
  },
  create({ resamples }, { level }) {
    const tail = tailProbability(level);
    const bounds: Bounds = { lower: Number.NaN, upper: Number.NaN };
    let counts = new Int32Array(0);
    const quantiles = new BinaryBootstrapQuantiles(resamples, tail);
    return (data, rng, out) => {
      const n = data.itemCount;
      const k = totalOfClusteredScores(data);
      // Same interval law from 4 order statistics (binaryBootstrapQuantiles.ts); resample sums beyond its n.
      if (n <= BOOTSTRAP_QUANTILES_MAX_N) quantiles.bounds(k, n, rng, bounds);
      else {
        if (counts.length < n + 1) counts = new Int32Array(n + 1);
        binaryPercentileBootstrapBounds(k, n, resamples, tail, rng, counts, bounds);
      }
      fillProportionResult(out, k, n, bounds);
    };
  },
});
