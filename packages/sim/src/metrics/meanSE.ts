import { meanOfMetric } from './meanOfMetric.js';

/**
 * Mean model-based standard error E[SE(θ̂)] (Morris et al. 2019, Table 6); MCSE s/√n, over
 * the replications with a finite SE — the row's `replications` says how many, and the results
 * tables print "k of N" beside the value when that is fewer than the method ran.
 */
export const meanSE = meanOfMetric(
  'meanSE',
  'Mean of the method’s standard error over replications with a finite SE (the row counts them); MCSE s/√n.',
  (r) => r.se,
);
