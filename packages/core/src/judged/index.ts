export { type AgreementRate, type JudgeAgreement, judgeAgreement } from './judgeAgreement.js';
export { type JudgedDifference, judgedDifference, judgedDifferenceBounds } from './judgedDifference.js';
export { type JudgedEstimator, judgedInfluence, sumOfSquares } from './judgedInfluence.js';
export {
  createJudgedBounds,
  JUDGED_METHODS,
  type JudgedBounds,
  type JudgedInterval,
  type JudgedMethod,
  type JudgedWork,
  judgedBounds,
  judgedInterval,
  judgedWork,
  refreshJudgedWork,
} from './judgedInterval.js';
export type { JudgedSample } from './judgedSample.js';
export { type JudgedSums, judgedSums } from './judgedSums.js';
export { judgeOnlyCoverage } from './judgeOnlyCoverage.js';
export { type LabelledShareTest, labelledShareTest } from './labelledShareTest.js';
export { type LeeBounds, type LeeInterval, leeBounds, leeInterval } from './leeInterval.js';
