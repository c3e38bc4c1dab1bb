export { gradedVarianceComponents } from './gradedVarianceComponents.js';
export { type MeanStandardErrorInput, meanStandardError } from './meanStandardError.js';
export { perQuestionMeans } from './perQuestionMeans.js';
export { type VarianceComponents, varianceComponents } from './varianceComponents.js';
