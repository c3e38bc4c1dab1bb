/**
 * A validated study: the config with every name resolved, every cell parsed
 * and every option checked. Produced by validateStudy; consumed by the runner.
 */
import type { FormulaDefinition } from '../formulas/formulaDefinition.js';
import type { MethodDefinition, MetricDefinition, ModelDefinition } from '../types.js';
import type { StudyCell } from './grid.js';
import type { ExpectationConfig, StudyConfig } from './studyConfig.js';

// biome-ignore lint/suspicious/noExplicitAny: models and methods have their own parameter types.
export type AnyModelDefinition = ModelDefinition<any, any>;
// biome-ignore lint/suspicious/noExplicitAny: see above.
export type AnyMethodDefinition = MethodDefinition<any>;

export interface ResolvedModel {
  readonly definition: AnyModelDefinition;
  /** Registry name, or the module path as written in the study. */
  readonly label: string;
  /** model.parse of each cell's params, by cell index. */
  readonly parsed: readonly unknown[];
  /** model.truth of each cell, by cell index. */
  readonly truths: readonly number[];
}

export interface ResolvedMethod {
  /** Label in the results' `method` column. */
  readonly id: string;
  readonly definition: AnyMethodDefinition;
  /** The entry's fields other than id, method, module, replications and level. */
  readonly options: Readonly<Record<string, unknown>>;
  readonly level: number;
  /** Cap on replications per cell (the study's count applies when absent). */
  readonly replications?: number;
}

export interface ResolvedMetric {
  /** Label in the results' `metric` column. */
  readonly id: string;
  // biome-ignore lint/suspicious/noExplicitAny: metrics have their own option types.
  readonly definition: MetricDefinition<any>;
  readonly options: Readonly<Record<string, unknown>>;
}

export interface ResolvedFormula {
  readonly id: string;
  readonly metric: string;
  readonly definition: FormulaDefinition;
  /** The formula's value in each cell, by cell index (undefined where its `cell` does not match). */
  readonly values: readonly (number | undefined)[];
}

export interface Study {
  /** The config as written (JSON-compatible), with `level` defaulted. */
  readonly config: StudyConfig;
  readonly name: string;
  /** Directory of the study file; module and data paths resolve against it. */
  readonly baseDir: string;
  /** The study file, when loaded from one. */
  readonly path?: string;
  readonly seed?: number;
  readonly replications?: number;
  readonly level: number;
  /** Grid keys in file order: the parameter columns of the results. */
  readonly gridKeys: readonly string[];
  readonly cells: readonly StudyCell[];
  readonly model?: ResolvedModel;
  readonly methods: readonly ResolvedMethod[];
  readonly metrics: readonly ResolvedMetric[];
  readonly formulas: readonly ResolvedFormula[];
  readonly expectations: readonly ExpectationConfig[];
  /** Names of the model diagnostics summarised as rows with method "model" (empty unless `diagnostics: true`). */
  readonly diagnostics: readonly string[];
  /** sha256 (hex) of the config and of every user module's source. */
  readonly fingerprint: string;
}

/** The results' method label of model-diagnostic rows. */
export const MODEL_ROW_METHOD = 'model';
