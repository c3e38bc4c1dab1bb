import { rmseMeasure } from '@evalsim/core';
import { momentsMetric } from './momentsMetric.js';

/**
 * Root mean squared error √MSE with MCSE by the delta method, MCSE(MSE)/(2√MSE): core
 * `rmseMeasure` over the moments of (θ̂ − θ)².
 */
export const rmse = momentsMetric(
  'rmse',
  'Root mean squared error √MSE over replications with a finite estimate; MCSE by the delta method, MCSE(MSE)/(2√MSE).',
  (r, truth) => (r.estimate - truth) ** 2,
  (state) => rmseMeasure(state),
);
