import { lowerNoncoverageMeasure } from '@evalsim/core';
import { countMetric } from './countMetric.js';

/**
 * Lower non-coverage P(θ < L): the share of replications whose interval lies wholly above the
 * truth, binomial MCSE (core `lowerNoncoverageMeasure`). A replication without bounds is in
 * neither tail, so coverage + lower + upper non-coverage = 1 − (share without bounds).
 */
export const lowerNoncoverage = countMetric(
  'lowerNoncoverage',
  'Share of replications with truth < lower (the interval lies above the truth); binomial MCSE.',
  (r, truth) => truth < r.lower,
  lowerNoncoverageMeasure,
);
