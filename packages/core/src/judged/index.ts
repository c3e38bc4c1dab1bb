export { type AgreementRate, type JudgeAgreement, judgeAgreement } from './judgeAgreement.js';
export { type JudgedDifference, judgedDifference } from './judgedDifference.js';
export {
  type JudgedEstimator,
  judgedInfluence,
  sumOfSquaredDifferences,
  sumOfSquares,
} from './judgedInfluence.js';
export {
  JUDGED_METHODS,
  type JudgedInterval,
  type JudgedMethod,
  type JudgedWork,
  judgedInterval,
  judgedWork,
  lambdaOf,
} from './judgedInterval.js';
export { checkJudgedSample, clusterCountOf, type JudgedSample } from './judgedSample.js';
export { type JudgedSums, judgedSums } from './judgedSums.js';
export { type LabelledShareTest, labelledShareTest } from './labelledShareTest.js';
export { type LeeInterval, leeInterval } from './leeInterval.js';
