/**
 * The methods a study can name in `methods[i].method`. Add an entry by
 * importing the method and listing it here; a user's own method is
 * loaded from `methods[i].module` instead.
 */
import { createRegistry, type Registry } from '../base/registry.js';
import type { MethodDefinition } from '../base/roles.js';
import { anytimeValidTest } from './anytimeValidTest.js';
import { arenaRating } from './arenaRating.js';
import { binaryBootstrap } from './binaryBootstrap.js';
import { clusterBootstrap } from './clusterBootstrap.js';
import { clusteredInterval } from './clusteredInterval.js';
import { confidenceSequence } from './confidenceSequence.js';
import { groupSequentialTest } from './groupSequentialTest.js';
import { hierarchicalBetaBinomial } from './hierarchicalBetaBinomial.js';
import {
  judgeOnlyInterval,
  labelledOnlyInterval,
  ppiInterval,
  ppiPlusPlusInterval,
  roganGladenInterval,
} from './judgedIntervals.js';
import { kornGraubardClopperPearson, kornGraubardWilson } from './kornGraubardIntervals.js';
import { leaderboardPairs } from './leaderboardPairs.js';
import { leaderboardRank } from './leaderboardRank.js';
import { mcnemarExact } from './mcnemarExact.js';
import { mcnemarScoreTest } from './mcnemarScoreTest.js';
import { meanScore } from './meanScore.js';
import { naiveInterval } from './naiveInterval.js';
import { pairedClusteredTest } from './pairedClusteredTest.js';
import { agrestiMin, bonettPrice, newcombePaired, pairedWald, tango } from './pairedDifferenceIntervals.js';
import { pairedNaiveTest } from './pairedNaiveTest.js';
import { passAtKBootstrap } from './passAtKBootstrap.js';
import { passAtKClustered, passAtKNaive, passAtKQuestion, passAtKWilson } from './passAtKIntervals.js';
import { passAtKPosterior } from './passAtKPosterior.js';
import {
  agrestiCoullInterval,
  betaPosteriorInterval,
  clopperPearsonInterval,
  jeffreysInterval,
  waldInterval,
  wilsonCCInterval,
  wilsonInterval,
} from './proportionInterval.js';
import { stopAtFirstSignificant } from './stopAtFirstSignificant.js';
import { topBottomGap } from './topBottomGap.js';
import { agrestiCaffo, miettinenNurminen, newcombeHybrid } from './twoSampleDifferenceIntervals.js';
import { unpairedClusteredTest } from './unpairedClusteredTest.js';
import { unpairedTwoProportionTest } from './unpairedTwoProportionTest.js';
import { wildClusterBootstrap } from './wildClusterBootstrap.js';

/** Every registered method, in listing order. */
export const methodRegistry: Registry<MethodDefinition> = createRegistry('method', [
  waldInterval,
  wilsonInterval,
  wilsonCCInterval,
  agrestiCoullInterval,
  clopperPearsonInterval,
  jeffreysInterval,
  betaPosteriorInterval,
  binaryBootstrap,
  naiveInterval,
  clusteredInterval,
  clusterBootstrap,
  wildClusterBootstrap,
  kornGraubardWilson,
  kornGraubardClopperPearson,
  hierarchicalBetaBinomial,
  pairedWald,
  tango,
  newcombePaired,
  bonettPrice,
  agrestiMin,
  agrestiCaffo,
  newcombeHybrid,
  miettinenNurminen,
  unpairedTwoProportionTest,
  pairedNaiveTest,
  pairedClusteredTest,
  unpairedClusteredTest,
  mcnemarExact,
  mcnemarScoreTest,
  leaderboardPairs,
  topBottomGap,
  leaderboardRank,
  stopAtFirstSignificant,
  groupSequentialTest,
  anytimeValidTest,
  confidenceSequence,
  meanScore,
  judgeOnlyInterval,
  labelledOnlyInterval,
  ppiInterval,
  ppiPlusPlusInterval,
  roganGladenInterval,
  passAtKNaive,
  passAtKQuestion,
  passAtKClustered,
  passAtKWilson,
  passAtKBootstrap,
  passAtKPosterior,
  arenaRating,
]);
