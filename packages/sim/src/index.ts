/**
 * @evalsim/sim — seeded streams, samplers, data-generating models, methods,
 * metrics, the piscina study runner and Arrow output.
 */
export * from './config/index.js';
export * from './evals/index.js';
export * from './formulas/index.js';
export * from './methods/index.js';
export * from './metrics/index.js';
export * from './models/index.js';
export * from './output/index.js';
export * from './population/index.js';
export * from './rng/index.js';
export * from './runner/index.js';
export * from './samplers/index.js';
export type * from './types.js';
