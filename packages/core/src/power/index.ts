export { clusteredSampleSize } from './clusteredSampleSize.js';
export { familywiseErrorRate } from './familywiseErrorRate.js';
export { type McnemarPowerOptions, type McnemarPowerTest, mcnemarPower } from './mcnemarPower.js';
export { mdeFor } from './mdeFor.js';
export { millerPairedMde } from './millerPairedMde.js';
export { millerPairedSampleSize } from './millerPairedSampleSize.js';
export { type MillerPairedParams, millerPairedVariance } from './millerPairedVariance.js';
export { multiplicityMdeFactor } from './multiplicityMdeFactor.js';
export { naiveCoverageUnderDesignEffect } from './naiveCoverageUnderDesignEffect.js';
export { naiveFalseWinRate } from './naiveFalseWinRate.js';
export { planningRuleSampleSize } from './planningRuleSampleSize.js';
export {
  type DesignMde,
  type DesignSampleSize,
  mdeByDesign,
  type PowerByDesignInput,
  type PowerDesign,
  powerDesigns,
  sampleSizeByDesign,
} from './powerByDesign.js';
export { type PowerOptions, powerZSum } from './powerZSum.js';
export { type SampleSize, sampleSizeFor, wholeItems } from './sampleSizeFor.js';
export { unpairedMde } from './unpairedMde.js';
export { unpairedSampleSize } from './unpairedSampleSize.js';
export { type UnpairedPowerParams, unpairedVariance } from './unpairedVariance.js';
