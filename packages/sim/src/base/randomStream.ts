/**
 * The random source every model and method draws from: a seeded stream (implemented in
 * rng/), one per (study seed, grid cell, replication) for the model and per (seed, method
 * id, cell, replication) for each method, so results never depend on worker count,
 * chunking or order. Extends core's injected {@link Rng}.
 */
import type { Rng } from '@evalsim/core';

export interface RandomStream extends Rng {
  /** Uniform on [0, 1). */
  uniform(): number;
  /**
   * out[0 … count − 1] = the next `count` values of {@link uniform}, the same numbers in the
   * same order as `count` successive calls (a bulk form for hot loops; allocation-free).
   */
  fillUniform(out: Float64Array, count: number): void;
  /**
   * out[i] = 1 if the i-th next {@link uniform} < probabilities[i], else 0 (i < count): the same
   * uniforms as {@link fillUniform}, compared in bulk (Bernoulli draws against per-draw rates).
   */
  fillBernoulli(probabilities: Float64Array, count: number, out: Uint8Array): void;
  /** out[0 … count − 1] = the next `count` values of {@link uint32} (bulk form, same words). */
  fillUint32(out: Uint32Array, count: number): void;
  /** out[0 … count − 1] = the next `count` values of {@link index}(n) (bulk form, same indices). */
  fillIndices(out: Int32Array, count: number, n: number): void;
  /**
   * out[r] = Σ values[i] over `terms` successive indices i = {@link index}(n), r = 0 … count − 1
   * (the same indices, in the same order, as {@link fillIndices}), each sum in 32-bit integers
   * (exact while every partial sum is an int32).
   */
  fillIndexedSums(out: Int32Array, count: number, values: Int32Array, terms: number, n: number): void;
  /** Raw unsigned 32-bit integer. */
  uint32(): number;
  /** Uniform integer in [0, n). */
  index(n: number): number;
  /** Standard normal. */
  normal(): number;
  /**
   * out[0 … count − 1] = the next `count` values of {@link normal}, the same numbers in the
   * same order as `count` successive calls (a bulk form for hot loops; allocation-free).
   */
  fillNormal(out: Float64Array, count: number): void;
  /** Gamma(shape, scale 1). */
  gamma(shape: number): number;
  /** Beta(a, b). */
  beta(a: number, b: number): number;
  /** Binomial(n, p), exact for any n. */
  binomial(n: number, p: number): number;
  /** 1 with probability p, else 0. */
  bernoulli(p: number): number;
}
