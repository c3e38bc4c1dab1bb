/**
 * Online Elo, for comparison with the BT fit: FastChat's `compute_elo` (lm-sys/FastChat
 * fastchat/serve/monitor/rating_systems.py at 0e6d3e4), every rating starting at `initial`
 * and updated battle by battle in the given order (FastChat sorts by `tstamp` first),
 *
 *   E_a = 1 / (1 + base^{(R_b − R_a)/scale}),   R_a += K·(y − E_a),   R_b −= K·(y − E_a),
 *
 * K = 4, scale 400, base 10, initial 1000, y = 1, ½, 0. The result depends on the order and
 * forgets old battles; it is not an estimate with a standard error (FastChat's bootstrap of it
 * resamples battles, which destroys the order it depends on).
 */
import { InputError } from '../validate.js';
import { type EloScale, LMARENA_ELO } from './eloScale.js';

export function onlineElo(
  models: number,
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  y: ArrayLike<number>,
  k = 4,
  scale: EloScale = LMARENA_ELO,
): Float64Array {
  if (a.length !== b.length || a.length !== y.length) {
    throw new InputError('a', 'a, b and y must have one entry per battle');
  }
  const alpha = Math.log(scale.base) / scale.scale;
  const r = new Float64Array(models).fill(scale.initial);
  for (let t = 0; t < a.length; t++) {
    const i = a[t];
    const j = b[t];
    const p = 1 / (1 + Math.exp(alpha * (r[j] - r[i])));
    const u = k * (y[t] - p);
    r[i] += u;
    r[j] -= u;
  }
  return r;
}
