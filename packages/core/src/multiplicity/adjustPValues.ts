/**
 * One entry point for the five p-value adjustments of this folder, by name:
 *
 *   'bonferroni'          single step, α/m                      (family-wise error)
 *   'holm'                step-down, α/(m − j + 1)              (family-wise error)
 *   'hochberg'            step-up,   α/(m − j + 1)              (family-wise error, Simes)
 *   'benjaminiHochberg'   step-up,   (j/m)·α                    (false discovery rate)
 *   'benjaminiYekutieli'  step-up,   (j/m)·α / Σ_{i≤m} 1/i      (FDR, any dependence)
 *
 * Formulas and sources in each method's file. statsmodels names: 'bonferroni', 'holm',
 * 'simes-hochberg', 'fdr_bh', 'fdr_by'.
 */

import { InputError } from '../validate.js';
import { benjaminiHochberg } from './benjaminiHochberg.js';
import { benjaminiYekutieli } from './benjaminiYekutieli.js';
import { bonferroni } from './bonferroni.js';
import { hochberg } from './hochberg.js';
import { holm } from './holm.js';
import type { MultipleTestResult } from './multipleTesting.js';

export type AdjustmentMethod =
  | 'bonferroni'
  | 'holm'
  | 'hochberg'
  | 'benjaminiHochberg'
  | 'benjaminiYekutieli';

const ADJUSTMENTS: Record<AdjustmentMethod, (p: ArrayLike<number>, alpha: number) => MultipleTestResult> = {
  bonferroni,
  holm,
  hochberg,
  benjaminiHochberg,
  benjaminiYekutieli,
};

export const ADJUSTMENT_METHODS = Object.keys(ADJUSTMENTS) as readonly AdjustmentMethod[];

/** Throws an InputError naming `method` unless it is one of {@link ADJUSTMENT_METHODS}. */
export function assertAdjustmentMethod(method: string): asserts method is AdjustmentMethod {
  if (!Object.hasOwn(ADJUSTMENTS, method)) {
    throw new InputError('method', `must be one of ${ADJUSTMENT_METHODS.join(', ')}; got ${String(method)}`);
  }
}

/** Adjusted p-values and rejections at `alpha` by the named method. */
export function adjustPValues(
  pValues: ArrayLike<number>,
  method: AdjustmentMethod,
  alpha = 0.05,
): MultipleTestResult {
  assertAdjustmentMethod(method);
  return ADJUSTMENTS[method](pValues, alpha);
}
