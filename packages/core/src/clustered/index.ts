export {
  type ClusteredCritical,
  type ClusteredInterval,
  type ClusteredIntervalOptions,
  clusteredInterval,
  clusteredIntervalFromTotals,
  createClusteredInterval,
} from './clusteredInterval.js';
export {
  type ClusteredEstimator,
  type ClusteredStandardErrorOptions,
  clusteredStandardError,
  clusteredVarianceFromTotals,
} from './clusteredStandardError.js';
export {
  type ClusterId,
  type ClusterTotals,
  type ClusterTotalsFromItems,
  clusterTotalsFromItems,
} from './clusterTotals.js';
export { coefficientOfVariation } from './coefficientOfVariation.js';
export { type ClusteredBounds, type Cr1BoundsFunction, createCr1Bounds } from './cr1Bounds.js';
export { cr1ClusteredVariance } from './cr1Variance.js';
export { cr2DegreesOfFreedom } from './cr2DegreesOfFreedom.js';
export { cr2ClusteredVariance } from './cr2Variance.js';
export { designEffect } from './designEffect.js';
export { designEffectUnequal } from './designEffectUnequal.js';
export { effectiveSampleSize } from './effectiveSampleSize.js';
export { iccAnova, iccAnovaFromTotals, iccFromOneWayAnova } from './iccAnova.js';
export {
  type KornGraubardAdjustment,
  type KornGraubardSize,
  kornGraubardDfFactor,
  kornGraubardEffectiveSize,
} from './kornGraubardEffectiveSize.js';
export {
  type KornGraubardOptions,
  kornGraubardClopperPearsonBounds,
  kornGraubardClopperPearsonInterval,
  kornGraubardWilsonBounds,
  kornGraubardWilsonInterval,
} from './kornGraubardIntervals.js';
export { millerClusteredVariance } from './millerVariance.js';
export { naiveVarianceOfMean } from './naiveVariance.js';
export {
  createOneWayAnova,
  type OneWayAnova,
  oneWayAnovaFromSums,
  oneWayAnovaFromTotals,
} from './oneWayAnova.js';
export { type WeightedClusteredMean, weightedClusteredMean } from './weightedClusteredMean.js';
