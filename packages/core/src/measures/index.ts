export { biasEliminatedCoverageMeasure } from './biasEliminatedCoverageMeasure.js';
export { biasMeasure } from './biasMeasure.js';
export { type BradleyFlags, type BradleyVerdict, bradleyFlags } from './bradleyFlags.js';
export { coverageMeasure } from './coverageMeasure.js';
export { empiricalSEMeasure } from './empiricalSEMeasure.js';
export { lowerNoncoverageMeasure } from './lowerNoncoverageMeasure.js';
export { meanOfMoments } from './meanOfMoments.js';
export { meanWidthMeasure } from './meanWidthMeasure.js';
export type { Measure } from './measure.js';
export { modelSEMeasure } from './modelSEMeasure.js';
export { addToMoments, createMoments, type MomentState, mergeMoments } from './momentState.js';
export { mseMeasure } from './mseMeasure.js';
export {
  addToPairedMoments,
  createPairedMoments,
  mergePairedMoments,
  type PairedMomentState,
} from './pairedMoments.js';
export { proportionMeasure } from './proportionMeasure.js';
export { rejectionRateMeasure } from './rejectionRateMeasure.js';
export { relativeBiasMeasure } from './relativeBiasMeasure.js';
export { relativeErrorModelSEMeasure } from './relativeErrorModelSEMeasure.js';
export { relativePrecisionGainMeasure } from './relativePrecisionGainMeasure.js';
export { rmseMeasure } from './rmseMeasure.js';
export { mergeSortedRuns, type SortedRuns, sortedRuns } from './sortedRuns.js';
export { upperNoncoverageMeasure } from './upperNoncoverageMeasure.js';
