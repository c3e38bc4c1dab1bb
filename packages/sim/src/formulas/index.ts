export * from './designEffectFormulas.js';
export * from './exactCoverageFormula.js';
export * from './formulaArguments.js';
export * from './formulaDefinition.js';
export * from './multipleComparisonFormulas.js';
export * from './registry.js';
export * from './resamplingVarianceFormulas.js';
export * from './sampleSizeFormulas.js';
