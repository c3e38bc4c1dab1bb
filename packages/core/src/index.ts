/**
 * @evalsim/core — pure estimators for the statistics used to judge LLM evaluations.
 * No I/O; randomness only through an injected {@link Rng}.
 */
export * from './anytimeValid/index.js';
export * from './bayes/index.js';
export * from './bootstrap/index.js';
export * from './bradleyTerry/index.js';
export * from './clustered/index.js';
export * from './coverage/index.js';
export * from './distributions/index.js';
export * from './groupSequential/index.js';
export * from './intervals/index.js';
export * from './judged/index.js';
export * from './math/index.js';
export * from './measures/index.js';
export * from './multiplicity/index.js';
export * from './paired/index.js';
export * from './pairedIntervals/index.js';
export * from './passAtK/index.js';
export * from './power/index.js';
export * from './repeated/index.js';
export * from './roots/index.js';
export * from './twoSampleIntervals/index.js';
export type { Interval, MarkedInterval, Rng } from './types.js';
export {
  assertCounts,
  assertFinite,
  assertInteger,
  assertLevel,
  assertPositive,
  assertProbability,
  assertSameLength,
  assertScores,
  InputError,
} from './validate.js';
