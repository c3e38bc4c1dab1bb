/**
 * Normal draws of the estimate's error for the max-t critical value and P(rank 1) when the
 * intervals are model-based (sandwich or Fisher): Z = C·e − mean(C·e), e ~ N(0, I), C the
 * Cholesky factor of V + J (J = 11ᵀ/m): V has the constant vector as its null direction, so
 * V + J is positive definite and centring removes J's part again — Z has covariance exactly V.
 * The normals come from `rng` (the analysis: the stream (streamSeed(seed, 2), 0); a simulation
 * method: its replication's stream).
 */
import { choleskyInPlace } from '@evalsim/core';
import type { RandomStream } from '../base/randomStream.js';

/** D×m deviations with covariance V (row-major m×m, natural units). */
export function normalDeviations(
  variance: Float64Array,
  m: number,
  draws: number,
  rng: RandomStream,
): Float64Array {
  const c = new Float64Array(m * m);
  for (let i = 0; i < m * m; i++) c[i] = variance[i] + 1 / m;
  let jitter = 0;
  while (!choleskyInPlace(c, m)) {
    // V not positive semi-definite to rounding: add the smallest diagonal jitter that works
    jitter = jitter === 0 ? 1e-12 : jitter * 10;
    for (let i = 0; i < m * m; i++) c[i] = variance[i] + 1 / m;
    for (let i = 0; i < m; i++) c[i * m + i] += jitter;
  }
  const e = new Float64Array(m);
  const out = new Float64Array(draws * m);
  for (let d = 0; d < draws; d++) {
    rng.fillNormal(e, m);
    const row = d * m;
    let mean = 0;
    for (let i = 0; i < m; i++) {
      const ri = i * m;
      let s = 0;
      for (let k = 0; k <= i; k++) s += c[ri + k] * e[k];
      out[row + i] = s;
      mean += s;
    }
    mean /= m;
    for (let i = 0; i < m; i++) out[row + i] -= mean;
  }
  return out;
}
