import { meanOfMetric } from './meanOfMetric.js';

/** Mean point estimate over replications; MCSE s/√n. */
export const meanEstimate = meanOfMetric(
  'meanEstimate',
  'Mean point estimate over replications with a finite estimate; MCSE s/√n.',
  (r) => r.estimate,
);
