/**
 * Exact (conditional binomial) and mid-p two-sided McNemar p-values from the discordant
 * counts b (A right, B wrong) and c (A wrong, B right). Under "no difference" each of
 * the D = b + c discordant items is a fair coin flip: X ~ Binomial(D, ½). With
 * m = max(b, c):
 *
 *   exact:  p = min(1, 2·P(X ≥ m))                       (McNemar 1947; the binomial test)
 *   mid-p:  p = 2·P(X ≥ m) − P(X = m) = 2·P(X ≥ m + 1) + P(X = m)
 *
 * The exact rule is scipy.stats.binomtest's two-sided rule ("sum the outcomes no more
 * likely than the observed one"), which for p = ½ is symmetric and reduces to
 * 2·P(X ≥ max(b, c)); statsmodels' `mcnemar(exact=True)` writes it as 2·P(X ≤ min(b, c)).
 * b = c gives p = 1. The mid-p form is Lancaster (1961), recommended for McNemar by
 * Fagerland, Lydersen & Laake (2013, BMC Med Res Methodol 13:91). Tails come from the
 * incomplete beta, so p-values such as 4.4e-12 keep full relative precision.
 * D = 0 (no discordant pairs) is handled by {@link mcnemarTest}, which flags it.
 */
import { binomialPmf, binomialUpperTail } from '../distributions/binomial.js';
import { assertInteger, InputError } from '../validate.js';

function checkDiscordant(b: number, c: number): void {
  assertInteger('b', b);
  assertInteger('c', c);
  if (b + c === 0) throw new InputError('c', 'b + c must be ≥ 1 (no discordant pairs: use mcnemarTest)');
}

/** Exact two-sided McNemar p-value, min(1, 2·P(X ≥ max(b, c))), X ~ Bin(b + c, ½). */
export function mcnemarExactPValue(b: number, c: number): number {
  checkDiscordant(b, c);
  return Math.min(1, 2 * binomialUpperTail(Math.max(b, c), b + c, 0.5));
}

/** Mid-p two-sided McNemar p-value, 2·P(X ≥ m + 1) + P(X = m), m = max(b, c). */
export function mcnemarMidPValue(b: number, c: number): number {
  checkDiscordant(b, c);
  const m = Math.max(b, c);
  const d = b + c;
  return Math.min(1, 2 * binomialUpperTail(m + 1, d, 0.5) + binomialPmf(m, d, 0.5));
}
