export { ADJUSTMENT_METHODS, type AdjustmentMethod, adjustPValues } from './adjustPValues.js';
export { benjaminiHochberg } from './benjaminiHochberg.js';
export { benjaminiYekutieli } from './benjaminiYekutieli.js';
export { bonferroni } from './bonferroni.js';
export { countRejections } from './countRejections.js';
export { countRejectionsAmongSmall } from './countRejectionsAmongSmall.js';
export { hochberg } from './hochberg.js';
export { holm } from './holm.js';
export type { MultipleTestResult } from './multipleTesting.js';
