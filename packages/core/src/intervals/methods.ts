/**
 * Registry of the proportion intervals by name, for the CLI, the simulation methods and
 * exact coverage: `proportionIntervalMethods[name](k, n, level)` builds an Interval and
 * `proportionBoundsFor(name, level)` returns an allocation-free `(k, n, out) => void`
 * with the critical value or tail probability computed once.
 */
import { normalCritical } from '../distributions/index.js';
import type { Interval } from '../types.js';
import { assertLevel, InputError } from '../validate.js';
import { agrestiCoullBounds, agrestiCoullInterval } from './agrestiCoull.js';
import { betaPosteriorBounds, betaPosteriorInterval } from './betaPosterior.js';
import { type Bounds, tailProbability } from './bounds.js';
import { clopperPearsonBounds, clopperPearsonInterval } from './clopperPearson.js';
import { jeffreysBounds, jeffreysInterval } from './jeffreys.js';
import { waldBounds, waldInterval } from './wald.js';
import { wilsonBounds, wilsonInterval } from './wilson.js';
import { wilsonCCBounds, wilsonCCInterval } from './wilsonCC.js';

export type ProportionIntervalMethod =
  | 'wald'
  | 'wilson'
  | 'wilsonCC'
  | 'agrestiCoull'
  | 'clopperPearson'
  | 'jeffreys'
  | 'betaPosterior';

/** An interval builder `(k, n, level) => Interval` (betaPosterior uses its uniform default prior). */
export type ProportionIntervalFunction = (k: number, n: number, level?: number) => Interval;

/** Allocation-free bounds with everything that depends only on the level precomputed. */
export type ProportionBoundsFunction = (k: number, n: number, out: Bounds) => void;

export const proportionIntervalMethods: Readonly<
  Record<ProportionIntervalMethod, ProportionIntervalFunction>
> = {
  wald: waldInterval,
  wilson: wilsonInterval,
  wilsonCC: wilsonCCInterval,
  agrestiCoull: agrestiCoullInterval,
  clopperPearson: clopperPearsonInterval,
  jeffreys: jeffreysInterval,
  betaPosterior: (k, n, level) => betaPosteriorInterval(k, n, level),
};

/** The method names, in a stable display order. */
export const proportionIntervalMethodNames: readonly ProportionIntervalMethod[] = Object.freeze(
  Object.keys(proportionIntervalMethods) as ProportionIntervalMethod[],
);

/** Type guard for a method name. */
export function isProportionIntervalMethod(name: unknown): name is ProportionIntervalMethod {
  return typeof name === 'string' && Object.hasOwn(proportionIntervalMethods, name);
}

/**
 * Allocation-free bounds for `method` at `level` (critical value / tail probability
 * computed once here). Uniform Beta(1, 1) prior for 'betaPosterior'.
 */
export function proportionBoundsFor(
  method: ProportionIntervalMethod,
  level = 0.95,
): ProportionBoundsFunction {
  assertLevel(level);
  const z = normalCritical(level);
  const tail = tailProbability(level);
  switch (method) {
    case 'wald':
      return (k, n, out) => waldBounds(k, n, z, out);
    case 'wilson':
      return (k, n, out) => wilsonBounds(k, n, z, out);
    case 'wilsonCC':
      return (k, n, out) => wilsonCCBounds(k, n, z, out);
    case 'agrestiCoull':
      return (k, n, out) => agrestiCoullBounds(k, n, z, out);
    case 'clopperPearson':
      return (k, n, out) => clopperPearsonBounds(k, n, tail, out);
    case 'jeffreys':
      return (k, n, out) => jeffreysBounds(k, n, tail, out);
    case 'betaPosterior':
      return (k, n, out) => betaPosteriorBounds(k, n, tail, 1, 1, out);
    default:
      throw new InputError(
        'method',
        `must be one of ${proportionIntervalMethodNames.join(', ')}, got ${JSON.stringify(method)}`,
      );
  }
}
