export {
  createDifferenceTestOut,
  type DifferenceTest,
  type DifferenceTestOut,
  differenceTest,
  fillDifferenceTest,
} from './differenceInference.js';
export { type McnemarChiSquare, mcnemarChiSquare } from './mcnemarChiSquare.js';
export { mcnemarCriticalCounts } from './mcnemarCriticalCounts.js';
export { mcnemarExactPValue, mcnemarMidPValue } from './mcnemarExact.js';
export {
  MCNEMAR_METHODS,
  type McnemarMethod,
  type McnemarOptions,
  type McnemarResult,
  mcnemarTest,
} from './mcnemarTest.js';
export { type PairedClusteredDifference, pairedClusteredDifference } from './pairedClusteredDifference.js';
export { pairedClusteredDifferenceFromTotals } from './pairedClusteredDifferenceFromTotals.js';
export { type PairedDifferenceOptions, pairedDifference } from './pairedDifference.js';
export { type PairedCounts, pairedDifferenceFromCounts } from './pairedDifferenceFromCounts.js';
export { type PairedCritical, pairedDifferenceFromSums } from './pairedDifferenceFromSums.js';
export { type PairedTTest, pairedTTest } from './pairedTTest.js';
export { scoreCorrelation } from './scoreCorrelation.js';
export { type SignFlipTest, signFlipPermutationTest } from './signFlipPermutationTest.js';
export {
  type UnpairedDifference,
  unpairedDifference,
  unpairedDifferenceFromCounts,
} from './unpairedDifference.js';
