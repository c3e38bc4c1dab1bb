export {
  binaryBootstrapSumCounts,
  binaryPercentileBootstrapBounds,
  binaryPercentileBootstrapInterval,
} from './binaryPercentileBootstrapInterval.js';
export {
  type ClusterBootstrapInterval,
  type ClusterBootstrapWorkspace,
  clusterBootstrapInterval,
  createClusterBootstrapInterval,
  createClusterBootstrapWorkspace,
  type DrawClusterIndices,
} from './clusterBootstrapInterval.js';
export { percentileOfHistogram, percentileOfSorted } from './percentile.js';
export { bootstrapResampleMeans, percentileBootstrapInterval } from './percentileBootstrapInterval.js';
export {
  createWildBootstrapInterval,
  createWildBootstrapWorkspace,
  type DrawWildWeights,
  type WildBootstrapInterval,
  type WildBootstrapWorkspace,
  wildClusterBootstrapInterval,
} from './wildClusterBootstrapInterval.js';
