export { agrestiCoullBounds, agrestiCoullInterval } from './agrestiCoull.js';
export { betaPosteriorBounds, betaPosteriorInterval } from './betaPosterior.js';
export { type Bounds, tailProbability } from './bounds.js';
export { clopperPearsonBounds, clopperPearsonInterval } from './clopperPearson.js';
export { intervalMarks } from './intervalMarks.js';
export { jeffreysBounds, jeffreysInterval } from './jeffreys.js';
export { createMarkedBounds, type MarkedBounds, markedInterval } from './markedBounds.js';
export {
  isProportionIntervalMethod,
  type ProportionBoundsFunction,
  type ProportionIntervalFunction,
  type ProportionIntervalMethod,
  proportionBoundsFor,
  proportionIntervalMethodNames,
  proportionIntervalMethods,
} from './methods.js';
export { waldBounds, waldInterval } from './wald.js';
export { wilsonBounds, wilsonInterval } from './wilson.js';
export { wilsonCCBounds, wilsonCCInterval } from './wilsonCC.js';
