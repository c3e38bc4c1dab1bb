/**
 * Proportion-interval methods (Wald, Wilson, Wilson CC, Agresti–Coull,
 * Clopper–Pearson, Jeffreys, Beta posterior): thin adapters from a replication's
 * clustered 0/1 scores to core's allocation-free `proportionBoundsFor`, with
 * k = Σ scores and n = items (clusters ignored). One factory builds every
 * method, registered as `<name>Interval` (e.g. `wilsonInterval`).
 * Degenerate: a zero-width interval (e.g. Wald at k = 0 or k = n) — counted, still scored.
 * Interval methods: p-values NaN.
 */
import {
  type Bounds,
  betaPosteriorBounds,
  type ProportionIntervalMethod,
  proportionBoundsFor,
  tailProbability,
} from '@evalsim/core';
import type { Analyser, ClusteredScores, MethodDefinition, MethodResult } from '../types.js';
import { totalOfClusteredScores } from './clusterTotalsView.js';
import { clearPValues } from './methodResult.js';
import { numberOption, rejectUnknownOptions } from './readOptions.js';

const DESCRIPTIONS: Record<ProportionIntervalMethod, string> = {
  wald: 'Wald p̂ ± z·√(p̂(1−p̂)/n) on all items (clusters ignored); not clipped.',
  wilson: 'Wilson score interval (Wilson 1927) on all items.',
  wilsonCC: 'Wilson interval with continuity correction (Newcombe 1998).',
  agrestiCoull: 'Agresti–Coull interval (Agresti & Coull 1998); not clipped.',
  clopperPearson: 'Clopper–Pearson exact interval (1934).',
  jeffreys: 'Jeffreys interval, Beta(k+½, n−k+½) quantiles (Brown, Cai & DasGupta 2001).',
  betaPosterior: 'Equal-tailed Beta(a + k, b + n − k) posterior interval; options a, b (default 1, 1).',
};

/** Fills an interval method's result from k of n and its bounds; zero width is degenerate. */
export function fillProportionResult(out: MethodResult, k: number, n: number, bounds: Bounds): void {
  out.estimate = k / n;
  out.se = Number.NaN;
  out.lower = bounds.lower;
  out.upper = bounds.upper;
  clearPValues(out);
  out.degenerate = !(bounds.upper > bounds.lower);
}

/** Builds the method for one proportion interval. */
export function proportionIntervalMethod(name: ProportionIntervalMethod): MethodDefinition {
  return {
    name: `${name}Interval`,
    description: DESCRIPTIONS[name],
    kind: 'interval',
    accepts: ['clusteredScores'],
    create(options, { level }): Analyser {
      const isPosterior = name === 'betaPosterior';
      rejectUnknownOptions(options, isPosterior ? ['a', 'b'] : []);
      const bounds: Bounds = { lower: Number.NaN, upper: Number.NaN };
      let fill: (k: number, n: number, out: Bounds) => void;
      if (isPosterior) {
        const a = numberOption(options, 'a', 1, 0);
        const b = numberOption(options, 'b', 1, 0);
        const tail = tailProbability(level);
        fill = (k, n, out) => betaPosteriorBounds(k, n, tail, a, b, out);
      } else {
        fill = proportionBoundsFor(name, level);
      }
      const analyse: Analyser<ClusteredScores> = (data, _rng, out) => {
        const k = totalOfClusteredScores(data);
        fill(k, data.itemCount, bounds);
        fillProportionResult(out, k, data.itemCount, bounds);
      };
      return analyse as Analyser;
    },
  };
}

export const waldInterval = proportionIntervalMethod('wald');
export const wilsonInterval = proportionIntervalMethod('wilson');
export const wilsonCCInterval = proportionIntervalMethod('wilsonCC');
export const agrestiCoullInterval = proportionIntervalMethod('agrestiCoull');
export const clopperPearsonInterval = proportionIntervalMethod('clopperPearson');
export const jeffreysInterval = proportionIntervalMethod('jeffreys');
export const betaPosteriorInterval = proportionIntervalMethod('betaPosterior');
