import { modelSEMeasure } from '@evalsim/core';
import { momentsMetric } from './momentsMetric.js';

/**
 * Model-based SE √(mean SE²) (Morris et al. 2019, Table 6; rsimsum's `modelse`), MCSE
 * √(Var(SE²)/(4·n·ModSE²)): core `modelSEMeasure` over the moments of SE² (finite SEs).
 */
export const modelSE = momentsMetric(
  'modelSE',
  'Model-based SE: root mean of the squared SEs over replications with a finite SE; MCSE √(Var(SE²)/(4 n ModSE²)).',
  (r) => r.se * r.se,
  (state) => modelSEMeasure(state),
);
