export { addCount, type CountGroups, createCountGroups } from './betaBinomialLikelihood.js';
export {
  type BetaBinomialPosterior,
  type BetaBinomialPosteriorOptions,
  betaBinomialPassAtKInterval,
  createBetaBinomialPosterior,
  type PassEstimand,
  populationPass,
} from './betaBinomialPassAtKInterval.js';
export { betaPassAtK, betaPassHatK } from './betaPassAtK.js';
export { type BetaBinomialFit, fitBetaBinomial } from './fitBetaBinomial.js';
export { createMajorityScratch, type MajorityScratch, majorityAtK, majorityAtKValue } from './majorityAtK.js';
export { nestedBetaPassAtK } from './nestedBetaPassAtK.js';
export { passAtK, passAtKValue } from './passAtK.js';
export { type PassAtKDesignVariance, passAtKDesignVariance } from './passAtKDesignVariance.js';
export { passHatK, passHatKValue } from './passHatK.js';
export { passPowerK, passPowerKValue } from './passPowerK.js';
export { type RunToRunDifference, runToRunDifference } from './runToRunDifference.js';
