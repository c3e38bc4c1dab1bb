/**
 * Korn–Graubard intervals for a clustered accuracy (thin adapters over core's
 * kornGraubardEffectiveSize and allocation-free Wilson / Clopper–Pearson bounds; Korn &
 * Graubard 1998, as R survey's svyciprop): a one-sample binomial interval at the
 * degrees-of-freedom-adjusted effective sample size
 *
 *   n*_df = p̂(1 − p̂)/v(p̂) · (t_{N−1}/t_{K−1})²,   x* = p̂·n*_df,
 *
 * v(p̂) the clustered variance of the mean (option `estimator`: cr1 — Liang–Zeger,
 * survey's with-replacement design variance — by default, or cr2 / miller) on K − 1
 * degrees of freedom; `adjustment: 'normal'` puts z in place of t_{N−1}, which is
 * svyciprop(method = "wilson"). kornGraubardWilson: Wilson's score limits at (x*, n*_df);
 * kornGraubardClopperPearson: Beta quantiles at (x*, n*_df).
 *
 * Estimate p̂ = Σy/N; SE √v(p̂); p-values NaN. K < 2: unanalysable. Degenerate (core's
 * flag): p̂ ∈ {0, 1} or v(p̂) = 0, where n* falls back to N (design effect 1). Scores
 * outside [0, 1] are refused with an error (these are intervals for a proportion).
 * The df factor is recomputed only when (N, K) change.
 */
import {
  type ClusteredEstimator,
  clusteredVarianceFromTotals,
  createMarkedBounds,
  type KornGraubardAdjustment,
  type KornGraubardSize,
  kornGraubardClopperPearsonBounds,
  kornGraubardDfFactor,
  kornGraubardEffectiveSize,
  kornGraubardWilsonBounds,
  type MarkedBounds,
  normalCritical,
  tailProbability,
} from '@evalsim/core';
import {
  createClusterTotalsView,
  meanOfClusteredScores,
  viewClusteredScores,
} from '../base/clusterTotalsView.js';
import { defineMethod } from '../base/defineMethod.js';
import { clearPValues, fillUnanalysable } from '../base/methodResult.js';
import type { MethodDefinition } from '../base/roles.js';

const ADJUSTMENTS: readonly KornGraubardAdjustment[] = ['kornGraubard', 'normal'];
const ESTIMATORS: readonly ClusteredEstimator[] = ['cr1', 'cr2', 'miller'];

const OPTIONS = {
  adjustment: {
    type: 'choice',
    values: ADJUSTMENTS,
    default: 'kornGraubard',
    description: "df factor (t_{N−1}/t_{K−1})² ('kornGraubard') or (z/t_{K−1})² ('normal', survey's wilson).",
  },
  estimator: {
    type: 'choice',
    values: ESTIMATORS,
    default: 'cr1',
    description: 'Clustered variance of the mean behind the effective n: cr1 (default), cr2 or miller.',
  },
} as const;

type Fill = (p: number, effectiveN: number, out: MarkedBounds) => void;

function kornGraubardMethod(
  name: string,
  description: string,
  fillAt: (level: number) => Fill,
): MethodDefinition {
  return defineMethod({
    name,
    description,
    kind: 'interval',
    accepts: ['clusteredScores'],
    options: OPTIONS,
    create({ adjustment, estimator }, { level }) {
      const fill = fillAt(level);
      const view = createClusterTotalsView();
      const size: KornGraubardSize = { effectiveN: 0, degenerate: false };
      const slot = createMarkedBounds();
      let factor = Number.NaN;
      let factorItems = -1;
      let factorClusters = -1;
      return (data, _rng, out) => {
        const k = data.clusterCount;
        const n = data.itemCount;
        const p = meanOfClusteredScores(data);
        if (k < 2) {
          fillUnanalysable(out, p);
          return;
        }
        if (!(p >= 0 && p <= 1)) {
          throw new Error(`${name} is an interval for a proportion: the mean score is ${p}, outside [0, 1]`);
        }
        if (n !== factorItems || k !== factorClusters) {
          factor = kornGraubardDfFactor(n, k - 1, level, adjustment);
          factorItems = n;
          factorClusters = k;
        }
        const variance = clusteredVarianceFromTotals(viewClusteredScores(data, view), estimator);
        kornGraubardEffectiveSize(p, n, variance, factor, size);
        fill(p, size.effectiveN, slot);
        out.estimate = p;
        out.se = Math.sqrt(variance);
        out.lower = slot.lower;
        out.upper = slot.upper;
        clearPValues(out);
        out.degenerate = size.degenerate;
      };
    },
  });
}

export const kornGraubardWilson = kornGraubardMethod(
  'kornGraubardWilson',
  'Korn–Graubard effective-sample-size Wilson interval for a clustered accuracy (n* from the clustered variance, df-adjusted).',
  (level) => {
    const z = normalCritical(level);
    return (p, nEff, out) => kornGraubardWilsonBounds(p, nEff, z, out);
  },
);

export const kornGraubardClopperPearson = kornGraubardMethod(
  'kornGraubardClopperPearson',
  'Korn–Graubard effective-sample-size Clopper–Pearson interval for a clustered accuracy (svyciprop "beta").',
  (level) => {
    const tail = tailProbability(level);
    return (p, nEff, out) => kornGraubardClopperPearsonBounds(p, nEff, tail, out);
  },
);
