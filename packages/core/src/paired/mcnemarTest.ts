/**
 * McNemar's test of "two systems are equally good" on paired 0/1 scores, from the
 * discordant counts b (A right, B wrong) and c (A wrong, B right); the concordant items
 * carry no information about the difference (McNemar 1947; seed 002 and seed 000 Step 3).
 *
 *   'exact'   min(1, 2·P(X ≥ max(b, c))), X ~ Bin(b + c, ½)   statistic = min(b, c)
 *   'midp'    2·P(X ≥ max + 1) + P(X = max)                    statistic = min(b, c)
 *   'chisq'   X² = (b − c)²/(b + c) on χ²₁                     statistic = X²
 *   'chisqCC' (max(0, |b − c| − 1))²/(b + c) on χ²₁            statistic = X²_cc
 *
 * The exact statistic follows statsmodels' `mcnemar` (min(b, c)). Formulas and sources
 * in mcnemarExact.ts and mcnemarChiSquare.ts.
 * Zero discordant pairs (b = c = 0): nothing to test; returns statistic 0, p = 1 and
 * `degenerate: true` for every method (statsmodels returns NaN for the chi-square forms).
 */
import { InputError } from '../validate.js';
import { mcnemarChiSquare } from './mcnemarChiSquare.js';
import { mcnemarExactPValue, mcnemarMidPValue } from './mcnemarExact.js';

export type McnemarMethod = 'exact' | 'midp' | 'chisq' | 'chisqCC';

export const MCNEMAR_METHODS: readonly McnemarMethod[] = ['exact', 'midp', 'chisq', 'chisqCC'];

export interface McnemarResult {
  readonly statistic: number;
  readonly pValue: number;
  readonly method: McnemarMethod;
  /** b + c. */
  readonly discordant: number;
  /** True when b + c = 0 (p set to 1). */
  readonly degenerate: boolean;
}

export interface McnemarOptions {
  /** Default 'exact'. */
  method?: McnemarMethod;
}

/** McNemar's test from discordant counts b and c. */
export function mcnemarTest(b: number, c: number, options: McnemarOptions = {}): McnemarResult {
  const method = options.method ?? 'exact';
  if (!MCNEMAR_METHODS.includes(method)) {
    throw new InputError('method', `must be one of ${MCNEMAR_METHODS.join(', ')}; got ${String(method)}`);
  }
  if (b === 0 && c === 0) return { statistic: 0, pValue: 1, method, discordant: 0, degenerate: true };
  const discordant = b + c;
  if (method === 'exact' || method === 'midp') {
    const pValue = method === 'exact' ? mcnemarExactPValue(b, c) : mcnemarMidPValue(b, c);
    return { statistic: Math.min(b, c), pValue, method, discordant, degenerate: false };
  }
  const { statistic, pValue } = mcnemarChiSquare(b, c, method === 'chisqCC');
  return { statistic, pValue, method, discordant, degenerate: false };
}
