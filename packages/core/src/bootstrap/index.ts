export {
  binaryPercentileBootstrapBounds,
  binaryPercentileBootstrapInterval,
} from './binaryPercentileBootstrapInterval.js';
export { bootQuantile } from './bootQuantile.js';
export { bootstrapBasicBounds, bootstrapBasicInterval } from './bootstrapBasic.js';
export { bcaBiasCorrection, bootstrapBcaBounds, bootstrapBcaInterval } from './bootstrapBca.js';
export { bootstrapPercentileBounds, bootstrapPercentileInterval } from './bootstrapPercentile.js';
export {
  bootstrapStudentizedBounds,
  bootstrapStudentizedInterval,
  bootstrapStudentizedRoots,
} from './bootstrapStudentized.js';
export {
  type ClusterBootstrapInterval,
  type ClusterBootstrapWorkspace,
  clusterBootstrapInterval,
  createClusterBootstrapInterval,
  createClusterBootstrapWorkspace,
  type DrawClusterIndices,
  type DrawClusterSums,
} from './clusterBootstrapInterval.js';
export { clusterBootstrapReplicates } from './clusterBootstrapReplicates.js';
export { clusterJackknifeMeans } from './clusterJackknifeMeans.js';
export { jackknifeAcceleration, jackknifeAccelerationOf } from './jackknifeAcceleration.js';
export { percentileOfHistogram, percentileOfSorted, percentilePairOfUnsorted } from './percentile.js';
export { percentileBootstrapInterval } from './percentileBootstrapInterval.js';
export {
  createWildBootstrapInterval,
  createWildBootstrapWorkspace,
  type DrawWildWeights,
  type WildBootstrapInterval,
  type WildBootstrapWorkspace,
  wildClusterBootstrapInterval,
} from './wildClusterBootstrapInterval.js';
