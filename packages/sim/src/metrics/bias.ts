import { meanOfMetric } from './meanOfMetric.js';

/** Bias E[θ̂] − θ (Morris et al. 2019, Table 6); MCSE s/√n. */
export const bias = meanOfMetric(
  'bias',
  'Mean of estimate − truth over replications with a finite estimate; MCSE s/√n.',
  (r, truth) => r.estimate - truth,
);
