import { meanOfMetric } from './meanOfMetric.js';

/**
 * Mean interval width E[upper − lower] over replications with finite bounds; MCSE s/√n.
 * Replications without finite bounds are left out (coverage counts them as misses); the
 * row's `replications` says how many entered, and the results tables print "k of N" beside
 * the value when that is fewer than the method ran.
 */
export const meanWidth = meanOfMetric(
  'meanWidth',
  'Mean interval width (upper − lower) over replications with finite bounds (the row counts them); MCSE s/√n.',
  (r) => r.upper - r.lower,
);
