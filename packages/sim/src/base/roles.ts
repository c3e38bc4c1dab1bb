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
//
// The metric role, mergeable. A metric keeps sufficient statistics (counts, sums, Welford/Chan
// moment states, cross-products, sketch buckets, …) in an accumulator. The runner cuts each
// cell's replications into fixed blocks of BLOCK_SIZE (runner/blocks.ts): a worker `add`s a
// block's replications in order to a fresh accumulator and `write`s its state; the main thread
// (or `evalsim merge`, across shards) `read`s each block's state into a scratch accumulator and
// `merge`s it into the cell's, strictly in block order, then asks for `result()`. So a metric's
// value is a pure function of (study, seed, replications, block size), whatever the worker
// count, chunk size, resume point or shard split.
//
// Contract (checked for every registered metric by metrics/mergeable.test.ts):
//   - merge(a, b) of a fresh accumulator (nothing added) leaves the other's state exactly (bits);
//   - read(write(state)) restores the state exactly (numbers are stored as Float64);
//   - states of the same definition and options only are merged; merge never sees another kind.
// A variable-length state (a sketch, a block's kept bounds) writes its length first.

export interface MetricValue {
  readonly value: number;
  /** Monte Carlo standard error of `value`. */
  readonly mcse: number;
  /** Replications that entered the value (when it differs from those the method ran on). */
  readonly count?: number;
}

/** Where an accumulator sits: which method it summarises among the study's methods. */
export interface MetricContext {
  /** The study's method ids, in study order: the index of `replication` in `add`. */
  readonly methods: readonly string[];
  /** The index of the method this accumulator summarises. */
  readonly method: number;
}

/**
 * Streaming, mergeable accumulator: memory independent of the number of replications (a
 * metric that must keep per-replication values, e.g. bounds for an exact bias-eliminated
 * coverage, keeps them per block and says so in its doc comment).
 */
export interface MetricAccumulator {
  /**
   * Add one replication, in replication order within a block: `result` is this method's
   * result, `replication[j]` every method's (the index of context.methods; a method past its
   * replication cap has every field NaN), for metrics comparing two methods in the same
   * replication (e.g. the relative precision gain, from their correlation).
   */
  add(result: Readonly<MethodResult>, truth: number, replication: readonly Readonly<MethodResult>[]): void;
  /** Fold `other` (same definition and options; the later blocks) into this state. */
  merge(other: MetricAccumulator): void;
  /** Append the state to `out` as numbers (Float64 round trip; variable length writes its length first). */
  write(out: number[]): void;
  /** Replace the state by the one written at `offset` of `state`; returns the offset after it. */
  read(state: Float64Array, offset: number): number;
  result(): MetricValue;
}

export interface MetricDefinition {
  readonly name: string;
  readonly description: string;
  /** The declared options (what listings show and the option reader checks). */
  readonly options?: OptionSpecs;
  /** Validate the options (throw ConfigError naming the option) and build an accumulator. */
  create(options: RawOptions, context: MetricContext): MetricAccumulator;
}
