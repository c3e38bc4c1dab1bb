/**
 * Lan–DeMets alpha-spending functions (Lan & DeMets 1983, "Discrete sequential boundaries
 * for clinical trials", Biometrika 70:659): the type-I error α(t) a design may have spent by
 * information fraction t ∈ (0, 1], increasing with α(1) = α. With s sides (1 or 2):
 *
 *   'obf'     O'Brien–Fleming type  α(t) = 2s·(1 − Φ(z_{1−α/(2s)} / √t))
 *   'pocock'  Pocock type           α(t) = α·log(1 + (e − 1)·t)
 *   'power'   power family ρ > 0    α(t) = α·t^ρ   (Kim & DeMets 1987; ρ = 1 linear, 3 ≈ OBF)
 *
 * These are rpact's `typeOfDesign = "asOF"`, `"asP"` and `"asKD"` (gammaA = ρ), read from
 * rpact-com/rpact src/f_design_group_sequential.cpp, getSpendingValueCpp, at commit
 * dd0f6ea3818a2f81e8f995f4f2f4957ed483f5b7, and gsDesign's sfLDOF / sfLDPocock / sfPower. A
 * two-sided α is the total of both sides; for 'obf' each side spends the one-sided function
 * at α/2 (Lan & DeMets's own two-sided 2 − 2Φ(z_{1−α/2}/√t) is a different, more liberal
 * function, not offered here).
 */
import { normalQuantile, normalSf } from '../distributions/normal.js';
import { pow } from '../math/pow.js';
import { assertLevel, assertPositive, InputError } from '../validate.js';

export const SPENDING_FAMILIES = ['obf', 'pocock', 'power'] as const;
export type SpendingFamily = (typeof SPENDING_FAMILIES)[number];

export interface AlphaSpending {
  readonly family: SpendingFamily;
  /** The power family's exponent ρ (only for 'power'). */
  readonly rho?: number;
}

/** Checks a spending choice; throws an InputError naming `spending` or `rho`. */
export function assertSpending(spending: AlphaSpending): void {
  if (!(SPENDING_FAMILIES as readonly string[]).includes(spending?.family)) {
    throw new InputError(
      'spending',
      `must be one of ${SPENDING_FAMILIES.join(', ')}, got ${JSON.stringify(spending?.family)}`,
    );
  }
  if (spending.family === 'power') {
    if (spending.rho === undefined) throw new InputError('rho', 'the power family needs its exponent ρ > 0');
    assertPositive('rho', spending.rho);
    if (!Number.isFinite(spending.rho)) throw new InputError('rho', `must be finite, got ${spending.rho}`);
  }
}

/** α(t): the cumulative type-I error spent by information fraction t (see the module comment). */
export function alphaSpent(spending: AlphaSpending, t: number, alpha: number, sides: 1 | 2): number {
  assertLevel(alpha, 'alpha');
  if (!(t > 0 && t <= 1)) throw new InputError('t', `must be in (0, 1], got ${t}`);
  switch (spending.family) {
    case 'obf':
      return 2 * sides * normalSf(-normalQuantile(alpha / (2 * sides)) / Math.sqrt(t));
    case 'pocock':
      return alpha * Math.log1p((Math.E - 1) * t);
    case 'power':
      return alpha * pow(t, spending.rho as number);
  }
}
