/**
 * Test-only method that draws random numbers: a percentile cluster bootstrap
 * of the item mean with `resamples` resamples (integer ≥ 10, default 50).
 * Scratch buffer allocated on first use and reused.
 */
function bad(argument, message) {
  return Object.assign(new RangeError(`${argument}: ${message}`), { argument });
}

export default {
  name: 'toyBootstrap',
  description: 'Percentile cluster bootstrap (tests only).',
  kind: 'interval',
  accepts: ['clusteredScores'],
  create(options, { level }) {
    const resamples = options.resamples ?? 50;
    if (!Number.isInteger(resamples) || resamples < 10) {
      throw bad('resamples', `must be an integer ≥ 10, got ${JSON.stringify(resamples)}`);
    }
    const means = new Float64Array(resamples);
    return (data, rng, out) => {
      const K = data.clusterCount;
      for (let b = 0; b < resamples; b++) {
        let sum = 0;
        let n = 0;
        for (let k = 0; k < K; k++) {
          const j = rng.index(K);
          sum += data.totals[j];
          n += data.sizes[j];
        }
        means[b] = sum / n;
      }
      means.sort();
      const lowIndex = Math.floor(((1 - level) / 2) * (resamples - 1));
      const highIndex = Math.ceil(((1 + level) / 2) * (resamples - 1));
      let total = 0;
      for (let k = 0; k < K; k++) total += data.totals[k];
      out.estimate = total / data.itemCount;
      out.lower = means[lowIndex];
      out.upper = means[highIndex];
      out.degenerate = out.lower === out.upper;
    };
  },
};
