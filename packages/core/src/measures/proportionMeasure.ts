/**
 * A share of replications with its binomial Monte Carlo SE (Morris, White & Crowther 2019,
 * Stat. Med. 38:2074, Table 6, the rows for coverage and power; rsimsum's `cover_mcse`,
 * `becover_mcse`, `power_mcse`):
 *
 *   p̂ = k/n,   MCSE = √(p̂(1 − p̂)/n).
 *
 * Sufficient statistic: the two counts, merged by adding. Shared by coverage, lower and upper
 * non-coverage, bias-eliminated coverage and rejection rate.
 */
import { assertInteger, InputError } from '../validate.js';
import { type Measure, measure } from './measure.js';

/** k/n with binomial MCSE; `countName` and `nName` name the arguments in errors. */
export function proportionMeasure(count: number, n: number, countName: string, nName = 'n'): Measure {
  assertInteger(nName, n, 1);
  assertInteger(countName, count, 0);
  if (count > n) throw new InputError(countName, `must be ≤ ${nName} (${n}), got ${count}`);
  const p = count / n;
  return measure(p, Math.sqrt((p * (1 - p)) / n));
}
