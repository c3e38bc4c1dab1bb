import { meanOfMetric } from './meanOfMetric.js';

/** Mean model-based standard error E[SE(θ̂)] (Morris et al. 2019, Table 6); MCSE s/√n. */
export const meanSE = meanOfMetric(
  'meanSE',
  'Mean of the method’s standard error over replications with a finite SE; MCSE s/√n.',
  (r) => r.se,
);
