/**
 * FastChat's style covariates (`preprocess_for_style`, lm-sys/FastChat
 * fastchat/serve/monitor/rating_systems.py at 0e6d3e4, with apply_ratio [1, 1, 1, 1] and
 * add_one): for each feature q (answer tokens, headers, lists, bold — each of model a's answer
 * and model b's), the normalised difference
 *
 *   d_tq = (x_aq − x_bq) / (x_aq + x_bq + 1),
 *
 * then z-scored over the battles with the population standard deviation (numpy's np.std,
 * ddof = 0). A feature with zero spread is left at 0 (FastChat would divide by 0; arena-rank's
 * `from_pandas` sets its std to 1).
 */
import { InputError } from '../validate.js';

/** N×k standardised differences from N×k raw values of a's and b's answers. */
export function styleDifferences(xa: Float64Array, xb: Float64Array, k: number): Float64Array {
  if (xa.length !== xb.length || xa.length % k !== 0) {
    throw new InputError('xb', 'a and b features must both be N×k');
  }
  const n = xa.length / k;
  const d = new Float64Array(xa.length);
  for (let t = 0; t < xa.length; t++) d[t] = (xa[t] - xb[t]) / (xa[t] + xb[t] + 1);
  for (let q = 0; q < k; q++) {
    let mean = 0;
    for (let t = 0; t < n; t++) mean += d[t * k + q];
    mean /= n;
    let ss = 0;
    for (let t = 0; t < n; t++) ss += (d[t * k + q] - mean) ** 2;
    const sd = Math.sqrt(ss / n);
    for (let t = 0; t < n; t++) d[t * k + q] = sd > 0 ? (d[t * k + q] - mean) / sd : 0;
  }
  return d;
}
