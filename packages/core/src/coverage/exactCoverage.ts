/**
 * Exact coverage of a binomial-proportion interval, no simulation:
 *   C(p) = Σ_{k=0}^{n} 1[L(k) ≤ p ≤ U(k)] · C(n, k) pᵏ (1 − p)ⁿ⁻ᵏ
 * (Brown, Cai & DasGupta 2001, eq. 2). "Contains" means the CLOSED interval
 * L(k) ≤ p ≤ U(k). The n + 1 bounds are computed once per (method, n, level) and
 * reused for every p of a curve; the pmf is Loader's saddle point (binomialPmf).
 */
import { binomialPmf } from '../distributions/index.js';
import {
  type Bounds,
  isProportionIntervalMethod,
  type ProportionIntervalMethod,
  proportionBoundsFor,
  proportionIntervalMethodNames,
} from '../intervals/index.js';
import { assertCounts, assertLevel, assertProbability, InputError } from '../validate.js';

/** A method name, or any function giving the interval for k successes in n at a level. */
export type CoverageMethod =
  | ProportionIntervalMethod
  | ((k: number, n: number, level: number) => { lower: number; upper: number });

/** The bounds for k = 0..n, as two typed arrays. */
export interface IntervalTable {
  readonly lower: Float64Array;
  readonly upper: Float64Array;
}

/** Compute L(k) and U(k) for k = 0..n once; NaN bounds from a custom function are an error. */
export function intervalTable(method: CoverageMethod, n: number, level = 0.95): IntervalTable {
  assertCounts(0, n);
  assertLevel(level);
  const lower = new Float64Array(n + 1);
  const upper = new Float64Array(n + 1);
  const out: Bounds = { lower: 0, upper: 0 };
  let fill: (k: number) => void;
  if (typeof method === 'function') {
    fill = (k) => {
      const r = method(k, n, level);
      out.lower = r.lower;
      out.upper = r.upper;
    };
  } else if (isProportionIntervalMethod(method)) {
    const bounds = proportionBoundsFor(method, level);
    fill = (k) => bounds(k, n, out);
  } else {
    throw new InputError(
      'method',
      `must be a function or one of ${proportionIntervalMethodNames.join(', ')}, got ${JSON.stringify(method)}`,
    );
  }
  for (let k = 0; k <= n; k++) {
    fill(k);
    if (Number.isNaN(out.lower) || Number.isNaN(out.upper)) {
      throw new InputError('method', `returned a NaN bound at k = ${k}, n = ${n}`);
    }
    lower[k] = out.lower;
    upper[k] = out.upper;
  }
  return { lower, upper };
}

/** Exact coverage at p from a precomputed table (allocation-free). */
export function coverageFromTable(table: IntervalTable, p: number): number {
  const { lower, upper } = table;
  const n = lower.length - 1;
  let sum = 0;
  for (let k = 0; k <= n; k++) {
    if (lower[k] <= p && p <= upper[k]) sum += binomialPmf(k, n, p);
  }
  return sum;
}

/** Exact coverage probability of `method` at true proportion p for n trials. */
export function exactCoverage(method: CoverageMethod, n: number, p: number, level = 0.95): number {
  assertProbability('p', p);
  return coverageFromTable(intervalTable(method, n, level), p);
}

/** Exact coverage at every p in `ps`, computing the n + 1 intervals only once. */
export function exactCoverageCurve(
  method: CoverageMethod,
  n: number,
  ps: ArrayLike<number>,
  level = 0.95,
): Float64Array {
  for (let i = 0; i < ps.length; i++) assertProbability(`ps[${i}]`, ps[i]);
  const table = intervalTable(method, n, level);
  const out = new Float64Array(ps.length);
  for (let i = 0; i < ps.length; i++) out[i] = coverageFromTable(table, ps[i]);
  return out;
}
