/**
 * The methods a study can name in `methods[i].method`. Add an entry by
 * importing the method and listing it in `methodList`; a user's own method is
 * loaded from `methods[i].module` instead.
 */
import { ConfigError } from '../config/errors.js';
import type { MethodDefinition } from '../types.js';
import { binaryBootstrap } from './binaryBootstrap.js';
import { clusterBootstrap } from './clusterBootstrap.js';
import { clusteredInterval } from './clusteredInterval.js';
import { leaderboardPairs } from './leaderboardPairs.js';
import { mcnemarExact } from './mcnemarExact.js';
import { meanScore } from './meanScore.js';
import { naiveInterval } from './naiveInterval.js';
import { pairedClusteredTest } from './pairedClusteredTest.js';
import { pairedNaiveTest } from './pairedNaiveTest.js';
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
import { unpairedClusteredTest } from './unpairedClusteredTest.js';
import { unpairedTwoProportionTest } from './unpairedTwoProportionTest.js';
import { wildClusterBootstrap } from './wildClusterBootstrap.js';

// biome-ignore lint/suspicious/noExplicitAny: each method has its own option type.
type AnyMethod = MethodDefinition<any>;

const methodList: readonly AnyMethod[] = [
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
  unpairedTwoProportionTest,
  pairedNaiveTest,
  pairedClusteredTest,
  unpairedClusteredTest,
  mcnemarExact,
  leaderboardPairs,
  topBottomGap,
  stopAtFirstSignificant,
  meanScore,
];

/** Every registered method by name. */
export const methods: Map<string, AnyMethod> = new Map(methodList.map((method) => [method.name, method]));

/** The method registered as `name`; throws a ConfigError listing the known names. */
export function getMethod(name: string, path = 'method'): AnyMethod {
  const method = methods.get(name);
  if (!method)
    throw ConfigError.invalid(
      path,
      name,
      `one of the methods ${[...methods.keys()].join(', ') || '(none registered)'}`,
    );
  return method;
}
