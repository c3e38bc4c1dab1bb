import { meanOfMetric } from './meanOfMetric.js';

/** Mean interval width E[upper − lower] over replications with finite bounds; MCSE s/√n. */
export const meanWidth = meanOfMetric(
  'meanWidth',
  'Mean interval width (upper − lower) over replications with finite bounds; MCSE s/√n.',
  (r) => r.upper - r.lower,
);
