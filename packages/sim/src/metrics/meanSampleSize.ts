import { meanOfMetric } from './meanOfMetric.js';

/**
 * Mean number of questions a method used over replications with a finite `sampleSize` — for a
 * sequential test, the expected sample size at stopping (Jennison & Turnbull 2000, §1.3's
 * "average sample number"); MCSE s/√n.
 */
export const meanSampleSize = meanOfMetric(
  'meanSampleSize',
  'Mean number of questions used (a sequential test’s expected sample size at stopping); MCSE s/√n.',
  (r) => r.sampleSize,
);
