/**
 * Test-only model: K independent clusters of m Bernoulli(p) items (no
 * clustering), drawn as one Binomial(m, p) per cluster. Plain JS with no
 * imports so worker threads can load it from src. Diagnostic: `phat`, the
 * replication's overall proportion. Errors carry `argument` like core's
 * InputError, which the config layer turns into a field path.
 */
function bad(argument, message) {
  return Object.assign(new RangeError(`${argument}: ${message}`), { argument });
}

export default {
  name: 'toyBernoulliClusters',
  description: 'K clusters of m independent Bernoulli(p) items (tests only).',
  dataKind: 'clusteredScores',
  parse(params) {
    const { p, clusters, m } = params;
    if (typeof p !== 'number' || !(p > 0 && p < 1))
      throw bad('p', `must be in (0, 1), got ${JSON.stringify(p)}`);
    if (!Number.isInteger(clusters) || clusters < 1)
      throw bad('clusters', `must be an integer ≥ 1, got ${JSON.stringify(clusters)}`);
    if (!Number.isInteger(m) || m < 1) throw bad('m', `must be an integer ≥ 1, got ${JSON.stringify(m)}`);
    return { p, clusters, m };
  },
  allocate({ clusters, m }) {
    const sizes = new Float64Array(clusters).fill(m);
    return {
      kind: 'clusteredScores',
      clusterCount: clusters,
      itemCount: clusters * m,
      sizes,
      totals: new Float64Array(clusters),
      sumSquares: new Float64Array(clusters),
    };
  },
  generate({ p, clusters, m }, rng, data) {
    for (let k = 0; k < clusters; k++) {
      const t = rng.binomial(m, p);
      data.totals[k] = t;
      data.sumSquares[k] = t;
    }
  },
  truth({ p }) {
    return p;
  },
  diagnostics: {
    names: ['phat'],
    measure(data, out) {
      let sum = 0;
      for (let k = 0; k < data.clusterCount; k++) sum += data.totals[k];
      out[0] = sum / data.itemCount;
    },
  },
};
