/**
 * A validated study: the config with every name resolved, every cell parsed and every
 * option checked. Produced by validateStudy; consumed by the runner. A study either
 * simulates (a model, methods, metrics, seed and replications) or only computes formulas
 * over its grid; the two are one union, told apart by `kind`.
 */
import type { MethodDefinition, MetricDefinition, ModelDefinition } from '../base/roles.js';
import type { FormulaDefinition } from '../formulas/formulaDefinition.js';
import type { StudyCell } from './grid.js';
import type { StudyInput } from './inputs/studyInputs.js';
import type { ExpectationConfig, StudyConfig } from './studyConfig.js';

export interface ResolvedModel {
  readonly definition: ModelDefinition;
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
  readonly definition: MethodDefinition;
  /** The entry's fields other than id, method, module, replications and level. */
  readonly options: Readonly<Record<string, unknown>>;
  readonly level: number;
  /** Cap on replications per cell (the study's count applies when absent). */
  readonly replications?: number;
}

export interface ResolvedMetric {
  /** Label in the results' `metric` column. */
  readonly id: string;
  readonly definition: MetricDefinition;
  readonly options: Readonly<Record<string, unknown>>;
}

export interface ResolvedFormula {
  readonly id: string;
  readonly metric: string;
  readonly definition: FormulaDefinition;
  /**
   * The formula's value in each cell, by cell index (undefined where its `cell` does not match),
   * computed on first read — at validation, unless the study was resolved with
   * `evaluateFormulas: false` (the runner then computes them between chunks, and its workers never).
   */
  readonly values: readonly (number | undefined)[];
  /** The value in cell `index` alone (computed once; a problem throws the ConfigError `values` would). */
  valueIn(index: number): number | undefined;
}

interface StudyBase {
  /** The config as written (JSON-compatible; defaults are not filled in — see `level`). */
  readonly config: StudyConfig;
  readonly name: string;
  /** Directory of the study file; module and data paths resolve against it. */
  readonly baseDir: string;
  /** The study file, when loaded from one. */
  readonly path?: string | undefined;
  /** The interval level: `config.level`, or 0.95. */
  readonly level: number;
  /** Grid keys in file order: the parameter columns of the results. */
  readonly gridKeys: readonly string[];
  readonly cells: readonly StudyCell[];
  readonly formulas: readonly ResolvedFormula[];
  readonly expectations: readonly ExpectationConfig[];
  /** sha256 (hex) of the config and of every user module's source. */
  readonly fingerprint: string;
  /** Every file the run reads (study, modules and their local imports, data files) and the packages modules import (inputs/studyInputs.ts). */
  readonly inputs: readonly StudyInput[];
  /** One sha256 of the config, every input and the evalsim version: the checkpoint key and the workers' check. */
  readonly inputDigest: string;
}

/** A Monte Carlo study: model × methods × metrics × grid. */
export interface SimulationStudy extends StudyBase {
  readonly kind: 'simulation';
  readonly seed: number;
  readonly replications: number;
  readonly model: ResolvedModel;
  readonly methods: readonly ResolvedMethod[];
  readonly metrics: readonly ResolvedMetric[];
  /** Names of the model diagnostics summarised as rows with method "model" (empty unless `diagnostics: true`). */
  readonly diagnostics: readonly string[];
}

/** A study of formulas over a grid only (no simulation). */
export interface FormulaStudy extends StudyBase {
  readonly kind: 'formula';
  readonly seed?: undefined;
  readonly replications?: undefined;
  readonly model?: undefined;
  readonly methods: readonly [];
  readonly metrics: readonly [];
  readonly diagnostics: readonly [];
}

export type Study = SimulationStudy | FormulaStudy;

/** The results' method label of model-diagnostic rows. */
export const MODEL_ROW_METHOD = 'model';
