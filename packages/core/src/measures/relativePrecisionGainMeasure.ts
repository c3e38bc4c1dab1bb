/**
 * Relative % gain in precision of method B over a reference method A (Morris, White &
 * Crowther 2019, Stat. Med. 38:2074, Table 6; rsimsum's `relprec`, `relprec_mcse`):
 *
 *   gain = 100·(EmpSE_A²/EmpSE_B² − 1),
 *   MCSE = 200·(EmpSE_A²/EmpSE_B²)·√((1 − ρ²)/(n − 1)),
 *
 * ρ = corr(θ̂_A, θ̂_B) over the replications. Sufficient statistic: the paired moment state
 * (n, both means, both M2 and the co-moment Σ(a − ā)(b − b̄); pairedMoments.ts) over the
 * replications where BOTH estimates are finite; EmpSE_A² / EmpSE_B² = M2_A / M2_B. (rsimsum
 * takes EmpSE_A over all of A's replications and ρ over complete pairs; with no missing
 * estimate they agree.) A zero empirical SE of either method leaves the gain or ρ undefined:
 * degenerate. With n = 2 the two pairs lie on a line, ρ = ±1 exactly and the MCSE is 0 (computed
 * ρ² would miss 1 by rounding, which the square root magnifies to ~1e-8 × the ratio).
 */
import { DEGENERATE, type Measure, measure } from './measure.js';
import { assertPairedMoments, type PairedMomentState } from './pairedMoments.js';

/** Gain of B over A and its MCSE from their paired moments (n ≥ 2). */
export function relativePrecisionGainMeasure(pair: Readonly<PairedMomentState>): Measure {
  assertPairedMoments('pair', pair, 2);
  if (pair.m2A === 0 || pair.m2B === 0) return DEGENERATE;
  const ratio = pair.m2A / pair.m2B;
  const rho = pair.cAB / Math.sqrt(pair.m2A * pair.m2B);
  const oneMinusRho2 = pair.n === 2 ? 0 : Math.max(0, 1 - rho * rho);
  return measure(100 * (ratio - 1), 200 * ratio * Math.sqrt(oneMinusRho2 / (pair.n - 1)));
}
