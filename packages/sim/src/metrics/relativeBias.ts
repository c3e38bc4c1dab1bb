import { relativeBiasMeasure } from '@evalsim/core';
import { momentsMetric } from './momentsMetric.js';

/**
 * Relative bias (E[θ̂] − θ)/θ, a fraction, with MCSE MCSE(bias)/|θ| (Morris et al. 2019;
 * rsimsum's `rbias`): core `relativeBiasMeasure` over the moments of θ̂ − θ (finite estimates).
 * Undefined (NaN) when the truth is 0.
 */
export const relativeBias = momentsMetric(
  'relativeBias',
  'Relative bias (mean estimate − truth)/truth, a fraction; NaN when the truth is 0; MCSE MCSE(bias)/|truth|.',
  (r, truth) => r.estimate - truth,
  (state, truth) => (truth === 0 ? undefined : relativeBiasMeasure(state, truth)),
);
