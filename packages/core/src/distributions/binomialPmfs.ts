/**
 * Every probability of Binomial(n, p) at once: out[k] = P(X = k) for k = 0 … n, from one
 * saddle-point value at the mode M = min(n, ⌊(n + 1)p⌋) (binomialPmf, Loader 2000) and the
 * pmf ratio outward (Johnson, Kemp & Kotz 2005, Univariate Discrete Distributions, §3.2):
 *
 *   P(k + 1)/P(k) = (n − k)/(k + 1) · p/q,   q = 1 − p.
 *
 * One exp and n multiply-divides instead of n + 1 saddle-point evaluations (exactPairedCoverage
 * needs a whole conditional pmf per discordant count). Accuracy: a value d steps from the mode
 * carries at most 6d roundings beyond the mode's own (each step: the ratio's two divisions and
 * two products, p/q's two roundings shared by all steps), so ≤ 6d·2⁻⁵³ relative on top of the
 * saddle point's (≤ 2e-13 for n = 200, ≤ 3e-12 for n = 3,000), for every value above the underflow
 * range (~1e-300; below it the values lose relative precision and reach 0, as exp does).
 * p = 0 or 1 gives the point mass at 0 or n exactly.
 */
import { assertInteger, assertProbability, InputError } from '../validate.js';
import { binomialPmf } from './binomial.js';

/** Writes P(X = k), k = 0 … n, into out[0 … n] (out needs n + 1 entries); returns out. */
export function binomialPmfsInto(n: number, p: number, out: Float64Array): Float64Array {
  assertInteger('n', n, 0);
  assertProbability('p', p);
  if (out.length < n + 1) throw new InputError('out', `needs ${n + 1} entries, has ${out.length}`);
  if (p === 0 || p === 1 || n === 0) {
    out.fill(0, 0, n + 1);
    out[p === 1 ? n : 0] = 1;
    return out;
  }
  const ratio = p / (1 - p);
  const mode = Math.min(n, Math.floor((n + 1) * p));
  out[mode] = binomialPmf(mode, n, p);
  for (let k = mode; k > 0; k--) out[k - 1] = out[k] * (k / ((n - k + 1) * ratio));
  for (let k = mode; k < n; k++) out[k + 1] = out[k] * (((n - k) / (k + 1)) * ratio);
  return out;
}
