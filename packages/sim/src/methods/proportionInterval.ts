/**
 * Proportion-interval methods (Wald, Wilson, Wilson CC, Agresti–Coull,
 * Clopper–Pearson, Jeffreys, Beta posterior): thin adapters from a replication's
 * clustered 0/1 scores to core's allocation-free `proportionBoundsFor`, with
 * k = Σ scores and n = items (clusters ignored). One factory builds every
 * method, registered under core's interval name (e.g. `wilson`, as `evalsim interval
 * --method wilson`); Beta posterior takes the
 * prior's shapes as options `a`, `b`. Clopper–Pearson, Jeffreys and Beta posterior bounds are
 * memoised by (n, k) for n ≤ 200, one memo per (method, level[, prior]) shared by the thread's
 * analysers (cachedProportionBounds.ts: the same bits as the direct call).
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
import { totalOfClusteredScores } from '../base/clusterTotalsView.js';
import type { ClusteredScores } from '../base/dataKinds.js';
import { defineMethod } from '../base/defineMethod.js';
import { clearPValues, type MethodResult } from '../base/methodResult.js';
import type { Analyser, MethodDefinition } from '../base/roles.js';
import { sharedProportionBounds } from './support/cachedProportionBounds.js';

/** The intervals whose bounds are beta quantiles: memoised by (n, k) (cachedProportionBounds.ts, same bits). */
const MEMOISED: ReadonlySet<ProportionIntervalMethod> = new Set(['clopperPearson', 'jeffreys']);

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

/** An analyser of k = Σ scores out of n = items whose bounds come from `fill`. */
function proportionAnalyser(fill: (k: number, n: number, out: Bounds) => void): Analyser<ClusteredScores> {
  const bounds: Bounds = { lower: Number.NaN, upper: Number.NaN };
  return (data, _rng, out) => {
    const k = totalOfClusteredScores(data);
    fill(k, data.itemCount, bounds);
    fillProportionResult(out, k, data.itemCount, bounds);
  };
}

/** The method of one of core's proportion intervals that take no options, registered as `name`. */
function proportionIntervalMethod(
  name: Exclude<ProportionIntervalMethod, 'betaPosterior'>,
): MethodDefinition {
  return defineMethod({
    name,
    description: DESCRIPTIONS[name],
    kind: 'interval',
    accepts: ['clusteredScores'],
    options: {},
    create: (_options, { level }) => {
      const fill = proportionBoundsFor(name, level);
      return proportionAnalyser(MEMOISED.has(name) ? sharedProportionBounds(`${name}/${level}`, fill) : fill);
    },
  });
}

export const waldInterval = proportionIntervalMethod('wald');
export const wilsonInterval = proportionIntervalMethod('wilson');
export const wilsonCCInterval = proportionIntervalMethod('wilsonCC');
export const agrestiCoullInterval = proportionIntervalMethod('agrestiCoull');
export const clopperPearsonInterval = proportionIntervalMethod('clopperPearson');
export const jeffreysInterval = proportionIntervalMethod('jeffreys');

export const betaPosteriorInterval = defineMethod({
  name: 'betaPosterior',
  description: DESCRIPTIONS.betaPosterior,
  kind: 'interval',
  accepts: ['clusteredScores'],
  options: {
    a: { type: 'number', min: 0, minExclusive: true, default: 1, description: 'Prior Beta(a, b): a.' },
    b: { type: 'number', min: 0, minExclusive: true, default: 1, description: 'Prior Beta(a, b): b.' },
  },
  create({ a, b }, { level }) {
    const tail = tailProbability(level);
    return proportionAnalyser(
      sharedProportionBounds(`betaPosterior/${level}/${a}/${b}`, (k, n, out) =>
        betaPosteriorBounds(k, n, tail, a, b, out),
      ),
    );
  },
});
