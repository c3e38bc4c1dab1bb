/**
 * Closed-form consequences of Kish's design effect (Kish 1965, §5.4; seed 001),
 * as study formulas over the cell parameters (core computes them):
 *
 *   DEFF = 1 + [(1 + CV²)·m − 1]·ρ          (CV = 0: 1 + (m − 1)ρ)
 *   naive coverage  = 2Φ(z/√DEFF) − 1        z = Φ⁻¹((1 + level)/2)
 *   naive false-win = 2(1 − Φ(z/√DEFF))      at α = 1 − level
 *
 * The naive interval ±z·σ/√N is too short by √DEFF, so it covers the truth
 * with probability P(|Z| ≤ z/√DEFF). Seed 001: m = 50, ρ = 0.2 → 44.9%.
 * Arguments: `clusterSize` (default cell parameter `m`), `icc` (default `rho`),
 * `sizeCV` (default `sizeCV`, else 0); see formulaArguments.ts.
 */
import { designEffectUnequal, naiveCoverageUnderDesignEffect, naiveFalseWinRate } from '@evalsim/core';
import type { CellParams } from '../base/cellParams.js';
import { ConfigError } from '../base/errors.js';
import { argument, formulaArgument } from './formulaArguments.js';
import { defineFormula, type FormulaDefinition } from './formulaDefinition.js';

const ARGUMENTS = {
  clusterSize: argument('m', 'Mean cluster size m.'),
  icc: argument('rho', 'Intra-cluster correlation ρ.'),
  sizeCV: argument('sizeCV', 'Coefficient of variation of the cluster sizes.', 0),
} as const;

function cellDesignEffect(options: Readonly<Record<string, unknown>>, params: CellParams): number {
  const m = formulaArgument(ARGUMENTS, options, params, 'clusterSize');
  const rho = formulaArgument(ARGUMENTS, options, params, 'icc');
  const cv = formulaArgument(ARGUMENTS, options, params, 'sizeCV');
  try {
    return designEffectUnequal(m, cv, rho);
  } catch (error) {
    throw new ConfigError('', `cannot compute the design effect: ${(error as Error).message}`);
  }
}

function formulaOfDesignEffect(
  name: string,
  description: string,
  fromDeff: (deff: number, level: number) => number,
): FormulaDefinition {
  return defineFormula({
    name,
    description,
    options: ARGUMENTS,
    create:
      (options, { level }) =>
      (params) =>
        fromDeff(cellDesignEffect(options, params), level),
  });
}

/** Formula `designEffect`: 1 + [(1 + CV²)m − 1]ρ for the cell. */
export const designEffectFormula = formulaOfDesignEffect(
  'designEffect',
  "Kish's design effect 1 + [(1 + CV²)m − 1]ρ.",
  (deff) => deff,
);

/** Formula `naiveCoverageUnderDesignEffect`: 2Φ(z/√DEFF) − 1. */
export const naiveCoverageFormula = formulaOfDesignEffect(
  'naiveCoverageUnderDesignEffect',
  'Coverage of the naive z interval when the variance is inflated by DEFF: 2Φ(z/√DEFF) − 1.',
  (deff, level) => naiveCoverageUnderDesignEffect(deff, level),
);

/** Formula `naiveFalseWinUnderDesignEffect`: 2(1 − Φ(z/√DEFF)) at α = 1 − level. */
export const naiveFalseWinFormula = formulaOfDesignEffect(
  'naiveFalseWinUnderDesignEffect',
  'Rejection rate of the naive two-sided z test under H0 when the variance is inflated by DEFF: 2(1 − Φ(z/√DEFF)).',
  (deff, level) => naiveFalseWinRate(deff, 1 - level),
);
