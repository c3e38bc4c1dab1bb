/**
 * The cluster "meat" of a Bradley–Terry sandwich: battles sharing a prompt (a cluster) are not
 * independent, so the score contributions are summed within each cluster before the outer
 * product (Liang & Zeger 1986; the CR1 factor C/(C − 1) as Stata and R sandwich::vcovCL apply):
 *
 *   S_c = Σ_{t ∈ c} (y_t − p_t)·(e_{a_t} − e_{b_t}),   p_t = σ(θ_{a_t} − θ_{b_t})
 *   G   = C/(C − 1) · Σ_c S_c S_cᵀ
 *
 * With one battle per cluster and without the factor this is the per-battle meat of
 * bradleyTerryCovariance.ts. Pass it there as `meat` for the cluster sandwich. Each cluster's
 * S_c is sparse (the models it touched), so the cost is Σ_c (models touched in c)², not C·m².
 */
import { InputError } from '../validate.js';

/** G (row-major m×m) from battles (a, b, y) with cluster codes in [0, clusters). */
export function clusterScoreMeat(
  models: number,
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  y: ArrayLike<number>,
  cluster: ArrayLike<number>,
  clusters: number,
  theta: ArrayLike<number>,
): Float64Array {
  const n = a.length;
  if (b.length !== n || y.length !== n || cluster.length !== n) {
    throw new InputError('cluster', 'a, b, y and cluster must have one entry per battle');
  }
  if (!(clusters >= 2)) throw new InputError('clusters', `must be ≥ 2, got ${clusters}`);
  // Battles grouped by cluster (a counting sort).
  const start = new Int32Array(clusters + 1);
  for (let t = 0; t < n; t++) {
    const c = cluster[t];
    if (!(c >= 0 && c < clusters))
      throw new InputError('cluster', `battle ${t}: code ${c} is not in [0, ${clusters})`);
    start[c + 1]++;
  }
  for (let c = 0; c < clusters; c++) start[c + 1] += start[c];
  const order = new Int32Array(n);
  const fill = start.slice(0, clusters);
  for (let t = 0; t < n; t++) order[fill[cluster[t]]++] = t;
  const m = models;
  const g = new Float64Array(m * m);
  const s = new Float64Array(m);
  const touched = new Int32Array(m);
  const seen = new Uint8Array(m);
  for (let c = 0; c < clusters; c++) {
    let used = 0;
    for (let q = start[c]; q < start[c + 1]; q++) {
      const t = order[q];
      const ai = a[t];
      const bi = b[t];
      const r = y[t] - 1 / (1 + Math.exp(theta[bi] - theta[ai]));
      if (!seen[ai]) {
        seen[ai] = 1;
        touched[used++] = ai;
      }
      if (!seen[bi]) {
        seen[bi] = 1;
        touched[used++] = bi;
      }
      s[ai] += r;
      s[bi] -= r;
    }
    for (let u = 0; u < used; u++) {
      const i = touched[u];
      const si = s[i];
      for (let v = 0; v < used; v++) {
        const j = touched[v];
        g[i * m + j] += si * s[j];
      }
    }
    for (let u = 0; u < used; u++) {
      s[touched[u]] = 0;
      seen[touched[u]] = 0;
    }
  }
  const factor = clusters / (clusters - 1);
  for (let i = 0; i < m * m; i++) g[i] *= factor;
  return g;
}
