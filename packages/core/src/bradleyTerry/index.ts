export {
  type BradleyTerryCovarianceKind,
  type BradleyTerryCovarianceOptions,
  bradleyTerryCovariance,
} from './bradleyTerryCovariance.js';
export { type ComparisonGraph, comparisonGraph, unboundedRatings } from './bradleyTerryExistence.js';
export { clusterScoreMeat } from './clusterScoreMeat.js';
export { choleskyInPlace } from './denseCholesky.js';
export {
  anchoredCovariance,
  type EloScale,
  eloPerNatural,
  FASTCHAT_ANCHOR,
  LMARENA_ELO,
  toEloRatings,
} from './eloScale.js';
export {
  type BradleyTerryFit,
  type BradleyTerryFitOptions,
  type BradleyTerryWorkspace,
  createBradleyTerryWorkspace,
  fitBradleyTerry,
  WEAK_RATING_PRIOR,
} from './fitBradleyTerry.js';
export {
  type ContextualBattles,
  type ContextualFit,
  type ContextualFitOptions,
  contextualCovariance,
  FASTCHAT_STYLE_FEATURE_PENALTY,
  FASTCHAT_STYLE_RATING_PENALTY,
  fitContextualBradleyTerry,
} from './fitContextualBradleyTerry.js';
export { type DavidsonFit, davidsonCovariance, fitDavidson } from './fitDavidson.js';
export { onlineElo } from './onlineElo.js';
export { addBattle, createPairTotals, type PairTotals, pairTotalsFromBattles } from './pairTotals.js';
export {
  arenaRanks,
  bonferroniPairCritical,
  firstPlaceShares,
  type MaxTCritical,
  maxTCritical,
  pairDifferenceSe,
  pairwiseRankIntervals,
  type RankIntervals,
} from './rankIntervals.js';
export { styleDifferences } from './styleFeatures.js';
export { type VotesPlan, votesToSeparate } from './votesToSeparate.js';
