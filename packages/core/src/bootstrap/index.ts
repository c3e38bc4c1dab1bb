export {
  binaryBootstrapSumCounts,
  binaryPercentileBootstrapBounds,
  binaryPercentileBootstrapInterval,
} from './binaryPercentileBootstrapInterval.js';
export { percentileOfHistogram, percentileOfSorted } from './percentile.js';
export { bootstrapResampleMeans, percentileBootstrapInterval } from './percentileBootstrapInterval.js';
