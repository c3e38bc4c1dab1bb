export {
  type BettingOptions,
  bettingConfidenceSequence,
  bettingPValues,
  HedgedCapital,
  PredictableBets,
  predictableBets,
} from './bettingConfidenceSequence.js';
export {
  type BoundedMeanOptions,
  boundedMeanNormalMixture,
  type ConfidenceSequence,
} from './boundedMeanNormalMixture.js';
export {
  DiscordantPairsEProcess,
  discordantPairsLogE,
  discordantPairsPrior,
  discordantPairsPValues,
} from './discordantPairsEProcess.js';
export {
  MixtureSprt,
  type MixtureSprtOptions,
  mixtureSprtLogRatio,
  mixtureSprtPValues,
  mixtureSprtRadius,
  mixtureSprtTau2,
} from './mixtureSprt.js';
export {
  mixtureTuningConstant,
  normalMixtureBoundary,
  normalMixtureLogMartingale,
  normalMixtureRho,
} from './normalMixture.js';
