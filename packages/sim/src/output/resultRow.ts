import type { ParamValue } from '../base/cellParams.js';

/**
 * One row of a study's tidy results: one (grid cell, method, metric).
 * Formula rows have mcse 0 and replications 0; model-diagnostic rows have
 * method "model".
 */
export interface ResultRow {
  /** Grid cell index (grid order, last key fastest). */
  readonly cell: number;
  /** The cell's grid point (grid parameters only). */
  readonly params: Readonly<Record<string, ParamValue>>;
  /** Method id, formula id, or "model". */
  readonly method: string;
  /** Metric label (or formula metric, or diagnostic name). */
  readonly metric: string;
  readonly value: number;
  /** Monte Carlo standard error of `value` (0 for formulas). */
  readonly mcse: number;
  /** Replications that entered the value. */
  readonly replications: number;
  /** Replications the method flagged degenerate (diagnostics: non-finite measurements). */
  readonly degenerate: number;
  /** The matching expectation's published value, else null. */
  readonly published: number | null;
  readonly tolerance: number | null;
  /** |value − published| ≤ tolerance, else null when no expectation matches. */
  readonly within: boolean | null;
}

/** The fixed columns of a results table after `cell` and the grid parameters, in order. */
export const RESULT_VALUE_COLUMNS = [
  'method',
  'metric',
  'value',
  'mcse',
  'replications',
  'degenerate',
  'published',
  'tolerance',
  'within',
] as const;

/** Every fixed column (a grid key may not shadow one). */
export const RESULT_FIXED_COLUMNS: readonly string[] = ['cell', ...RESULT_VALUE_COLUMNS];
