/**
 * An e-process for the paired comparison of two systems with 0/1 scores on the same
 * questions, from the discordant questions only (one system right, the other wrong): under
 * H0 (equal accuracy) each discordant question is, given the past, "first right" or "second
 * right" with probability ½ each, so with b and c discordant questions each way after
 * m = b + c of them, the beta-binomial mixture likelihood ratio against θ = ½,
 *
 *   E_m = ∫ θ^c (1 − θ)^b dBeta(θ; a, a) / 2^{−m} = 2^m · B(a + b, a + c) / B(a, a),
 *
 * is a nonnegative martingale with E_0 = 1 (exactly: no approximation, no variance
 * estimate), and p_m = min(1, 1/max_{j≤m} E_j) an always-valid p-value. This is the two-sided
 * beta-binomial mixture of Howard et al. (2021, §3.3 / Prop. 7) for the Rademacher signs of
 * the discordant pairs (range g = h = 1): confseq's BetaBinomialMixture with g = h = 1 has
 * mixing Beta(r/2, r/2), r = max(ρ − 1, 10⁻³) with the normal-mixture ρ for the planned
 * number of discordant pairs (gostevehoward/confseq src/confseq/uniform_boundaries.h,
 * BetaBinomialMixture::optimal_r, commit 70b1ef30aef08ad459815ea87fc25248f8b15178), which is
 * the default tuning here: a = r/2 for `plannedPairs`. Its update per discordant question is
 * E ← E·2(a + b)/(2a + m) when the first system was right (b then grows), 2(a + c)/(2a + m)
 * when the second was.
 */
import { logBeta } from '../distributions/logGamma.js';
import { assertInteger, assertPositive } from '../validate.js';
import { normalMixtureRho } from './normalMixture.js';

/** log E after b discordant questions the first system won and c the second won. */
export function discordantPairsLogE(b: number, c: number, a: number): number {
  assertInteger('b', b, 0);
  assertInteger('c', c, 0);
  assertPositive('a', a);
  return (b + c) * Math.LN2 + logBeta(a + b, a + c) - logBeta(a, a);
}

/** The mixing Beta(a, a)'s a for a boundary tightest after `plannedPairs` discordant questions. */
export function discordantPairsPrior(plannedPairs: number, alpha: number): number {
  const rho = normalMixtureRho(plannedPairs, alpha);
  return Math.max(rho - 1, 1e-3) / 2;
}

/** The e-process discordant question by discordant question (see the module comment). */
export class DiscordantPairsEProcess {
  /** Discordant questions won by the first and by the second system. */
  b = 0;
  c = 0;
  logE = 0;
  /** log max_{j≤m} E_j (E_0 = 1). */
  maxLogE = 0;

  constructor(readonly a: number) {
    assertPositive('a', a);
  }

  /** Adds a discordant question: `firstRight` true when the first system was the one right. */
  push(firstRight: boolean): number {
    const m = this.b + this.c;
    if (firstRight) this.logE += Math.log((2 * (this.a + this.b++)) / (2 * this.a + m));
    else this.logE += Math.log((2 * (this.a + this.c++)) / (2 * this.a + m));
    if (this.logE > this.maxLogE) this.maxLogE = this.logE;
    return this.logE;
  }

  /** min(1, 1/max_{j≤m} E_j). */
  pValue(): number {
    return Math.min(1, Math.exp(-this.maxLogE));
  }
}

/**
 * Always-valid p-values after each discordant question, given as +1 (the first system right)
 * or −1 (the second right), in order.
 */
export function discordantPairsPValues(signs: ArrayLike<number>, a: number): Float64Array {
  const e = new DiscordantPairsEProcess(a);
  const out = new Float64Array(signs.length);
  for (let i = 0; i < signs.length; i++) {
    if (signs[i] !== 1 && signs[i] !== -1)
      throw new RangeError(`signs: entry ${i} is ${signs[i]}; each must be +1 or −1`);
    e.push(signs[i] === 1);
    out[i] = e.pValue();
  }
  return out;
}
