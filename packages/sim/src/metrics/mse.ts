import { mseMeasure } from '@evalsim/core';
import { momentsMetric } from './momentsMetric.js';

/**
 * Mean squared error E[(θ̂ − θ)²] (Morris et al. 2019, Table 6; rsimsum's `mse`), MCSE
 * √(Σ((θ̂ − θ)² − MSE)²/(n(n − 1))): core `mseMeasure` over the moments of (θ̂ − θ)².
 */
export const mse = momentsMetric(
  'mse',
  'Mean squared error of the estimate over replications with a finite estimate; MCSE of a mean of squared errors.',
  (r, truth) => (r.estimate - truth) ** 2,
  (state) => mseMeasure(state),
);
