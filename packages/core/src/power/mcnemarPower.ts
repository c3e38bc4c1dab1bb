/**
 * Exact power of McNemar's test (exact or mid-p, two-sided, reject when p < α) on n
 * paired questions drawn independently, each discordant "only A right" with probability
 * r_A and "only B right" with probability r_B (concordant otherwise). By enumeration:
 * D = b + c ~ Bin(n, r_A + r_B) and, given D, c ~ Bin(D, θ) with θ = r_B/(r_A + r_B), so
 *
 *   power = Σ_{D=1}^{n} P(D) · [P(Bin(D, θ) ≥ m_D) + P(Bin(D, 1 − θ) ≥ m_D)],
 *   m_D = min{ m ≥ ⌈D/2⌉ : p(m, D − m) < α }   (p from mcnemarExact.ts; D + 1 when none),
 *
 * since the two-sided p-value is a decreasing function of max(b, c) and b = c never
 * rejects. No normal approximation: this is the rejection rate a resampling study of
 * the exact test converges to (e.g. seed 000 Step 4 resampling 202 of the 1,140 questions
 * with r_A = 28/1140, r_B = 107/1140). Terms with P(D) below 1e-300 are skipped.
 * Checked against a multinomial double sum with exact integer p-values
 * (packages/core/fixtures/scripts/mcnemarPower.py).
 */
import { binomialPmf, binomialUpperTail } from '../distributions/binomial.js';
import { mcnemarExactPValue, mcnemarMidPValue } from '../paired/mcnemarExact.js';
import { assertInteger, assertLevel, assertProbability, InputError } from '../validate.js';

export type McnemarPowerTest = 'exact' | 'midp';

export interface McnemarPowerOptions {
  /** Two-sided level, default 0.05. */
  alpha?: number;
  /** 'exact' (default) or 'midp'. */
  test?: McnemarPowerTest;
}

/** The smallest max(b, c) with p < α among D discordant pairs, by bisection (D + 1 when none). */
function criticalCount(d: number, alpha: number, pValue: (b: number, c: number) => number): number {
  let low = Math.ceil(d / 2);
  let high = d + 1;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (pValue(mid, d - mid) < alpha) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** Power of McNemar's test at n questions with discordance rates rateOnlyA and rateOnlyB. */
export function mcnemarPower(
  n: number,
  rateOnlyA: number,
  rateOnlyB: number,
  options: McnemarPowerOptions = {},
): number {
  assertInteger('n', n, 1);
  assertProbability('rateOnlyA', rateOnlyA);
  assertProbability('rateOnlyB', rateOnlyB);
  const discordance = rateOnlyA + rateOnlyB;
  if (discordance > 1) {
    throw new InputError('rateOnlyB', `rateOnlyA + rateOnlyB must be ≤ 1, got ${discordance}`);
  }
  const alpha = options.alpha ?? 0.05;
  assertLevel(alpha, 'alpha');
  const test = options.test ?? 'exact';
  if (test !== 'exact' && test !== 'midp') {
    throw new InputError('test', `must be 'exact' or 'midp', got ${String(test)}`);
  }
  if (discordance === 0) return 0;
  const pValue = test === 'exact' ? mcnemarExactPValue : mcnemarMidPValue;
  const theta = Math.min(1, rateOnlyB / discordance);
  let power = 0;
  for (let d = 1; d <= n; d++) {
    const weight = binomialPmf(d, n, discordance);
    if (weight < 1e-300) continue;
    const m = criticalCount(d, alpha, pValue);
    if (m > d) continue;
    power += weight * (binomialUpperTail(m, d, theta) + binomialUpperTail(m, d, 1 - theta));
  }
  return Math.min(1, power);
}
