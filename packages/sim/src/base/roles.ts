/**
 * The four roles of a study, SimDesign-style:
 *   model (Generate) × methods (Analyse) × metrics (Summarise) × grid.
 * Every module in models/, methods/ and metrics/ implements one of these
 * interfaces; the runner only ever talks to them through this file.
 */
import type { Rng } from '@evalsim/core';

// ---------------------------------------------------------------- randomness

/**
 * A seeded stream of random numbers (implemented in rng/). Extends core's Rng.
 * One stream per (study seed, grid cell, replication), so results never depend
 * on worker count, chunking or order.
 */
export interface RandomStream extends Rng {
  /** Uniform on [0, 1). */
  uniform(): number;
  /** Raw unsigned 32-bit integer. */
  uint32(): number;
  /** Uniform integer in [0, n). */
  index(n: number): number;
  /** Standard normal. */
  normal(): number;
  /** Gamma(shape, scale 1). */
  gamma(shape: number): number;
  /** Beta(a, b). */
  beta(a: number, b: number): number;
  /** Binomial(n, p), exact for any n. */
  binomial(n: number, p: number): number;
  /** 1 with probability p, else 0. */
  bernoulli(p: number): number;
}

// ---------------------------------------------------------------- grid

export type GridValue = number | string | boolean;
/** Parameters of one grid cell: the model's fixed params merged with one point of the grid. */
export type CellParams = Readonly<Record<string, GridValue | readonly GridValue[]>>;

// ---------------------------------------------------------------- data kinds

/**
 * Data of one replication. Models fill a preallocated object of one of these
 * kinds in place (no allocation per replication). `kind` lets methods declare
 * what they accept. Later models may add kinds; methods list what they accept.
 */
export interface ClusteredScores {
  readonly kind: 'clusteredScores';
  /** Number of clusters K used in this replication (arrays may be longer). */
  clusterCount: number;
  /** Number of items N = Σ sizes. */
  itemCount: number;
  /** Items per cluster, n_k. */
  readonly sizes: Float64Array;
  /** Σ of scores in cluster k. */
  readonly totals: Float64Array;
  /** Σ of squared scores in cluster k (equals totals for 0/1 scores). */
  readonly sumSquares: Float64Array;
}

/** Two systems scored on the same items, as per-cluster sufficient statistics. */
export interface PairedClusteredScores {
  readonly kind: 'pairedClusteredScores';
  clusterCount: number;
  itemCount: number;
  readonly sizes: Float64Array;
  /** Σ a_i and Σ b_i per cluster. */
  readonly totalsA: Float64Array;
  readonly totalsB: Float64Array;
  /** Σ a_i², Σ b_i², Σ a_i·b_i per cluster (for 0/1 scores Σa² = Σa). */
  readonly sumSquaresA: Float64Array;
  readonly sumSquaresB: Float64Array;
  readonly sumProducts: Float64Array;
}

export type ModelData = ClusteredScores | PairedClusteredScores | { readonly kind: string };

// ---------------------------------------------------------------- context

export interface StudyContext {
  /** Directory of the study file; relative data paths resolve against it. */
  readonly baseDir: string;
}

// ---------------------------------------------------------------- model (Generate)

export interface ModelDefinition<P = unknown, D extends ModelData = ModelData> {
  readonly name: string;
  readonly description: string;
  /** The data kind `generate` fills. */
  readonly dataKind: D['kind'];
  /**
   * Validate and normalise one cell's parameters. Throw `ConfigError` (config/)
   * naming the field (e.g. "model.params.rho"), the bad value and what is allowed.
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
}

// ---------------------------------------------------------------- method (Analyse)

/** Filled in place by an analyser; NaN where a field does not apply. */
export interface MethodResult {
  estimate: number;
  se: number;
  lower: number;
  upper: number;
  /** p-values against H0: parameter = null value (0 for differences, or as set). */
  pTwoSided: number;
  pGreater: number;
  pLess: number;
  /** True when the method could not analyse this replication (k = 0 with zero SE, one cluster, no discordant pairs…). */
  degenerate: boolean;
}

export type Analyser<D extends ModelData = ModelData> = (
  data: D,
  rng: RandomStream,
  out: MethodResult,
) => void;

export interface MethodDefinition<O = Record<string, unknown>> {
  readonly name: string;
  readonly description: string;
  /** 'interval' methods fill lower/upper; 'test' methods fill p-values; both may fill both. */
  readonly kind: 'interval' | 'test';
  /** Data kinds this method can analyse. */
  readonly accepts: readonly string[];
  /**
   * Validate options (throw ConfigError naming `methods[i].<field>`) and build an analyser.
   * `level` is the interval level (default 0.95).
   */
  create(options: O, settings: { readonly level: number }): Analyser;
}

// ---------------------------------------------------------------- metric (Summarise)

export interface MetricValue {
  value: number;
  /** Monte Carlo standard error of `value`. */
  mcse: number;
}

/** Streaming accumulator: memory independent of the number of replications. */
export interface MetricAccumulator {
  /** Add one replication (called in replication order, so results are deterministic). */
  add(result: Readonly<MethodResult>, truth: number): void;
  result(): MetricValue;
}

export interface MetricDefinition<O = Record<string, unknown>> {
  readonly name: string;
  readonly description: string;
  create(options: O): MetricAccumulator;
}
