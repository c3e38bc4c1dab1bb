/**
 * Bradley's (1978, "Robustness?", Br. J. Math. Stat. Psychol. 31:144) criteria for a test's
 * type I error rate r̂ at nominal level α: LIBERAL when |r̂ − α| ≤ α/2 (r̂ ∈ [0.5α, 1.5α]),
 * STRINGENT when |r̂ − α| ≤ α/10 (r̂ ∈ [0.9α, 1.1α]).
 *
 * A verdict is only as good as the Monte Carlo error allows: it is RESOLVED when the band's
 * nearest edge lies more than z·MCSE from r̂ (default z = z_{0.975} = 1.96), i.e. the interval
 * r̂ ± z·MCSE lies wholly inside or wholly outside the band; otherwise more replications could
 * flip it.
 */
import { assertFinite, assertLevel, assertPositive, assertProbability } from '../validate.js';

/** One criterion's verdict. */
export interface BradleyVerdict {
  /** The band [α − h, α + h] (h = α/2 liberal, α/10 stringent). */
  readonly lower: number;
  readonly upper: number;
  /** r̂ lies in the band. */
  readonly inside: boolean;
  /** |r̂ − nearest edge| > z·MCSE: the verdict is distinguishable from Monte Carlo noise. */
  readonly resolved: boolean;
}

export interface BradleyFlags {
  readonly liberal: BradleyVerdict;
  readonly stringent: BradleyVerdict;
}

const Z_975 = 1.959963984540054;

function verdict(rate: number, alpha: number, halfWidth: number, mcse: number, z: number): BradleyVerdict {
  const lower = alpha - halfWidth;
  const upper = alpha + halfWidth;
  const distance = Math.min(Math.abs(rate - lower), Math.abs(rate - upper));
  return { lower, upper, inside: lower <= rate && rate <= upper, resolved: distance > z * mcse };
}

/** Bradley's liberal and stringent verdicts for rejection rate `rate` with MCSE `mcse` at level `alpha`. */
export function bradleyFlags(rate: number, alpha: number, mcse: number, z = Z_975): BradleyFlags {
  assertProbability('rate', rate);
  assertLevel(alpha, 'alpha');
  assertPositive('mcse', mcse, true);
  assertFinite('mcse', mcse);
  assertPositive('z', z);
  assertFinite('z', z);
  return {
    liberal: verdict(rate, alpha, alpha / 2, mcse, z),
    stringent: verdict(rate, alpha, alpha / 10, mcse, z),
  };
}
