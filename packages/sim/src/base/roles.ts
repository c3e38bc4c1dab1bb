/**
 * The roles of a study, SimDesign-style:
 *   model (Generate) × methods (Analyse) × metrics (Summarise) × grid.
 * Every module in models/, methods/ and metrics/ implements one of these interfaces
 * (built with defineModel / defineMethod / defineMetric, which add the typed options);
 * a user's own model or method module exports a plain object of the same shape. The
 * runner only ever talks to the roles through this file.
 */
import type { CellParams } from './cellParams.js';
import type { ModelData } from './dataKinds.js';
import type { MethodResult } from './methodResult.js';
import type { OptionSpecs } from './options.js';
import type { RandomStream } from './randomStream.js';

/** Options as written in a study entry (the fields other than the runner's own). */
export type RawOptions = Readonly<Record<string, unknown>>;

export interface StudyContext {
  /** Directory of the study file; relative data paths resolve against it. */
  readonly baseDir: string;
}

// ---------------------------------------------------------------- model (Generate)

/** A data file a model read, recorded as provenance of kept per-replication output. */
export interface DataSource {
  /** The path as written in the study. */
  readonly file: string;
  /** sha256 (hex) of the file's bytes. */
  readonly sha256: string;
  /** The systems of the file the model used, if it has several. */
  readonly systems?: readonly string[];
}

/** Where a model keeps item-level answers, for `keep: ['answers']`. */
export interface AnswerSheet {
  /** Systems answering each question (rows per answer slot). */
  readonly systems: number;
  /** Answer slots per replication. */
  readonly slots: number;
  /** Question ids, by population question index. */
  readonly questionIds: readonly string[];
  /** Cluster names and each question's cluster index, or null when the questions have no clusters. */
  readonly clusters: { readonly names: readonly string[]; readonly ofQuestion: Int32Array } | null;
}

/** A model that can keep every item-level answer of a replication. */
export interface ModelAnswers<P, D> {
  /** Buffers like `allocate`'s that also record the answers (same draws, same results). */
  allocate(params: P): D;
  sheet(params: P): AnswerSheet;
  /** The replication's answers (system j, slot s at [j·slots + s]; 1 right, 0 wrong) and each slot's question. */
  read(data: D): { readonly answers: Uint8Array; readonly questions: Int32Array };
}

export interface ModelDefinition<P = unknown, D extends ModelData = ModelData> {
  readonly name: string;
  readonly description: string;
  /** The data kind `generate` fills. */
  readonly dataKind: D['kind'];
  /** The declared parameters (what listings show and the option reader checks); absent for a user module. */
  readonly params?: OptionSpecs;
  /**
   * Validate and normalise one cell's parameters. Throw `ConfigError` (base/errors.ts)
   * naming the parameter (e.g. "rho"; the resolver places it at `model.params.rho`), the
   * bad value and what is allowed.
   */
  parse(params: CellParams, context: StudyContext): P;
  /** Allocate the reusable buffers for a cell. */
  allocate(params: P): D;
  /** Draw one replication into `data`, using only `rng`. */
  generate(params: P, rng: RandomStream, data: D): void;
  /** The true value methods estimate (e.g. the mean accuracy, or 0 for identical systems). */
  truth(params: P): number;
  /** Optional per-replication measurements of the data (e.g. ICC, design effect). */
  readonly diagnostics?: {
    readonly names: readonly string[];
    measure(data: D, out: Float64Array): void;
  };
  /** Optional: item-level answers, for `keep: ['answers']`. */
  readonly answers?: ModelAnswers<P, D>;
  /** Optional: the data files a cell reads (provenance of kept output). */
  dataSources?(params: P): readonly DataSource[];
}

// ---------------------------------------------------------------- method (Analyse)

/** Fills `out` from one replication's data, drawing any randomness from `rng`; allocation-free. */
export type Analyser<D extends ModelData = ModelData> = (
  data: D,
  rng: RandomStream,
  out: MethodResult,
) => void;

export interface MethodSettings {
  /** Interval level (the study's `level`, or the entry's own; default 0.95). */
  readonly level: number;
}

export interface MethodDefinition {
  readonly name: string;
  readonly description: string;
  /** 'interval' methods fill lower/upper; 'test' methods fill p-values; both may fill both. */
  readonly kind: 'interval' | 'test';
  /** Data kinds this method can analyse. */
  readonly accepts: readonly string[];
  /** The declared options (what listings show and the option reader checks); absent for a user module. */
  readonly options?: OptionSpecs;
  /** Validate the options (throw ConfigError naming the option) and build an analyser. */
  create(options: RawOptions, settings: MethodSettings): Analyser;
}

// ---------------------------------------------------------------- metric (Summarise)

export interface MetricValue {
  readonly value: number;
  /** Monte Carlo standard error of `value`. */
  readonly mcse: number;
  /** Replications that entered the value (when it differs from those the method ran on). */
  readonly count?: number;
}

/** Streaming accumulator: memory independent of the number of replications. */
export interface MetricAccumulator {
  /** Add one replication (called in replication order, so results are deterministic). */
  add(result: Readonly<MethodResult>, truth: number): void;
  result(): MetricValue;
}

export interface MetricDefinition {
  readonly name: string;
  readonly description: string;
  /** The declared options (what listings show and the option reader checks). */
  readonly options?: OptionSpecs;
  /** Validate the options (throw ConfigError naming the option) and build an accumulator. */
  create(options: RawOptions): MetricAccumulator;
}
