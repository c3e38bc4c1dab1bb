/**
 * Korn–Graubard intervals for a clustered proportion p̂ with design-based variance v(p̂)
 * and df degrees of freedom (K − 1 for K clusters): a one-sample binomial interval
 * evaluated at the effective sample size n*_df (kornGraubardEffectiveSize.ts) with the
 * non-integer count x* = p̂·n*_df.
 *
 * Clopper–Pearson (Korn & Graubard 1998, Survey Methodology 24:193–201; R survey
 * `svyciprop(method = "beta")`):
 *   L = B⁻¹(α/2; x*, n*_df − x* + 1),  U = B⁻¹(1 − α/2; x* + 1, n*_df − x*),
 *   with L = 0 at p̂ = 0 and U = 1 at p̂ = 1.
 * Wilson (Wilson 1927 at the effective n; with `adjustment: 'normal'` this is R survey's
 * `svyciprop(method = "wilson")`): the roots of (n*_df + z²)p² − (2x* + z²)p + x*²/n*_df = 0.
 *
 * With variance = cr1ClusteredVariance (Liang–Zeger, K/(K − 1)) and df = K − 1 these are
 * survey's intervals for `svydesign(ids = ~cluster)` without weights.
 */
import { normalCritical } from '../distributions/index.js';
import { betaLowerQuantile, betaUpperQuantile } from '../intervals/betaQuantiles.js';
import { tailProbability } from '../intervals/bounds.js';
import { createMarkedBounds, type MarkedBounds, markedInterval } from '../intervals/markedBounds.js';
import { wilsonRoots } from '../intervals/wilsonRoots.js';
import type { MarkedInterval } from '../types.js';
import { assertFinite, assertPositive, assertProbability } from '../validate.js';
import {
  type KornGraubardAdjustment,
  type KornGraubardSize,
  kornGraubardDfFactor,
  kornGraubardEffectiveSize,
} from './kornGraubardEffectiveSize.js';

/**
 * Clopper–Pearson bounds at effective size nEff for tail (1 − level)/2 (allocation-free;
 * unchecked). Leaves `out.degenerate` to the caller (from {@link kornGraubardEffectiveSize}).
 */
export function kornGraubardClopperPearsonBounds(
  p: number,
  nEff: number,
  tail: number,
  out: MarkedBounds,
): void {
  const x = p * nEff;
  out.lower = p <= 0 ? 0 : betaLowerQuantile(tail, x, nEff - x + 1);
  out.upper = p >= 1 ? 1 : betaUpperQuantile(tail, x + 1, nEff - x);
}

/** Wilson bounds at effective size nEff and critical value z (allocation-free; unchecked; as above). */
export function kornGraubardWilsonBounds(p: number, nEff: number, z: number, out: MarkedBounds): void {
  wilsonRoots(p * nEff, nEff, z, out);
  if (p >= 1) out.upper = 1;
}

/** Options of the Korn–Graubard intervals. */
export interface KornGraubardOptions {
  /** Default 0.95. */
  level?: number;
  /** Default 'kornGraubard' ((t_{n−1}/t_df)²); 'normal' uses (z/t_df)². */
  adjustment?: KornGraubardAdjustment;
}

function build(
  p: number,
  n: number,
  variance: number,
  df: number,
  options: KornGraubardOptions,
  method: 'kornGraubardClopperPearson' | 'kornGraubardWilson',
): MarkedInterval {
  assertProbability('p', p);
  assertFinite('variance', variance);
  assertPositive('variance', variance, true);
  const level = options.level ?? 0.95;
  const factor = kornGraubardDfFactor(n, df, level, options.adjustment ?? 'kornGraubard');
  const size: KornGraubardSize = { effectiveN: 0, degenerate: false };
  kornGraubardEffectiveSize(p, n, variance, factor, size);
  const out = createMarkedBounds();
  if (method === 'kornGraubardClopperPearson') {
    kornGraubardClopperPearsonBounds(p, size.effectiveN, tailProbability(level), out);
  } else {
    kornGraubardWilsonBounds(p, size.effectiveN, normalCritical(level), out);
  }
  out.degenerate = size.degenerate;
  return markedInterval(p, out, level, method);
}

/**
 * Korn–Graubard Clopper–Pearson interval for a clustered proportion p̂ from n items with
 * design-based variance `variance` on `df` degrees of freedom.
 */
export function kornGraubardClopperPearsonInterval(
  p: number,
  n: number,
  variance: number,
  df: number,
  options: KornGraubardOptions = {},
): MarkedInterval {
  return build(p, n, variance, df, options, 'kornGraubardClopperPearson');
}

/** Korn–Graubard effective-sample-size Wilson interval (same arguments). */
export function kornGraubardWilsonInterval(
  p: number,
  n: number,
  variance: number,
  df: number,
  options: KornGraubardOptions = {},
): MarkedInterval {
  return build(p, n, variance, df, options, 'kornGraubardWilson');
}
