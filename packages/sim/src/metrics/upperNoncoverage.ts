import { upperNoncoverageMeasure } from '@evalsim/core';
import { countMetric } from './countMetric.js';

/**
 * Upper non-coverage P(θ > U): the share of replications whose interval lies wholly below the
 * truth, binomial MCSE (core `upperNoncoverageMeasure`). A replication without bounds is in
 * neither tail.
 */
export const upperNoncoverage = countMetric(
  'upperNoncoverage',
  'Share of replications with truth > upper (the interval lies below the truth); binomial MCSE.',
  (r, truth) => truth > r.upper,
  upperNoncoverageMeasure,
);
