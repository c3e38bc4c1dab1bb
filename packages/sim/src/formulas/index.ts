export * from './designEffectFormulas.js';
export * from './formulaArguments.js';
export * from './formulaDefinition.js';
export * from './registry.js';
export * from './multipleComparisonFormulas.js';
export * from './resamplingVarianceFormulas.js';
