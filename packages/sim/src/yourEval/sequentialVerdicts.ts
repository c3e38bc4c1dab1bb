/**
 * Verdicts of a sequential audit at 2 Monte Carlo standard errors (the audits' rule, as
 * auditSummary.ts's Bradley verdict):
 *
 *   type-I error r̂ ± MCSE against α:  'at α' when |r̂ − α| ≤ 2·MCSE (the design spends all of α),
 *       'below α' when r̂ + 2·MCSE < α (conservative: it holds, with power to spare),
 *       'too high' when r̂ − 2·MCSE > α (the promise is broken on this eval);
 *   time-uniform coverage ĉ ± MCSE against the level 1 − α:  'holds' when ĉ + 2·MCSE ≥ 1 − α,
 *       'too low' otherwise (a confidence sequence promises at least 1 − α, so above is fine);
 *   a simulated value against a closed form (plan --looks):  'agrees' when |sim − closed| ≤
 *       2·MCSE, else 'differs' (the normal approximation does not hold at this size).
 */
import type { Estimate } from './auditSummary.js';

export type TypeIVerdict = 'at α' | 'below α' | 'too high';
export type CoverageVerdict = 'holds' | 'too low';
export type ClosedFormVerdict = 'agrees' | 'differs';

export function typeIVerdict(rate: Estimate, alpha: number): TypeIVerdict {
  const band = 2 * rate.mcse;
  if (rate.value - band > alpha) return 'too high';
  if (rate.value + band < alpha) return 'below α';
  return 'at α';
}

export function coverageVerdict(coverage: Estimate, level: number): CoverageVerdict {
  return coverage.value + 2 * coverage.mcse >= level ? 'holds' : 'too low';
}

export function closedFormVerdict(simulated: Estimate, closed: number): ClosedFormVerdict {
  return Math.abs(simulated.value - closed) <= 2 * simulated.mcse ? 'agrees' : 'differs';
}
