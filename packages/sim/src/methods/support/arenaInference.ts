/**
 * One replication's rating inference for the arena methods (methods/arenaRating.ts): the pair
 * totals of the battles, the BT fit with ties as half wins (as `evalsim rate` fits by default:
 * a disconnected comparison graph gives no estimate; an MLE that does not exist is fitted under
 * core's WEAK_RATING_PRIOR and the open ends of the unbounded models are ±∞), then either a
 * model-based covariance (sandwich, Fisher, cluster sandwich) or bootstrap replicates (over
 * battles, or over prompt clusters), or online Elo with FastChat's bootstrap of it (battles
 * resampled with replacement and replayed in the drawn order, `compute_bootstrap_elo`,
 * lm-sys/FastChat rating_systems.py at 0e6d3e4). The result is what the methods' reports read:
 * ratings on the Elo scale (mean 1000), a covariance or replicates, and the unbounded sides.
 */
import {
  bradleyTerryCovariance,
  clusterScoreMeat,
  comparisonGraph,
  eloPerNatural,
  fitBradleyTerry,
  onlineElo,
  type PairTotals,
  pairTotalsFromBattles,
  unboundedRatings,
  WEAK_RATING_PRIOR,
} from '@evalsim/core';
import type { BattleRecords } from '../../base/dataKinds.js';
import type { RandomStream } from '../../base/randomStream.js';
import {
  bootstrapRounds,
  clusterResampling,
  makeRefit,
  type Resampling,
} from '../../pairwise/resampleRatings.js';
import { uniqueRowsOf } from '../../pairwise/uniqueRows.js';

export const ARENA_CIS = ['sandwich', 'fisher', 'cluster-sandwich', 'bootstrap', 'cluster', 'elo'] as const;
export type ArenaCi = (typeof ARENA_CIS)[number];

export interface ArenaInference {
  readonly models: number;
  /** Elo-scale ratings, mean 1000. */
  readonly ratings: Float64Array;
  /** Covariance of θ (natural units, mean-zero basis), for model-based intervals; null with replicates. */
  readonly variance: Float64Array | null;
  /** Replicates (rounds × m) on the Elo scale, for bootstrap and Elo intervals; null otherwise. */
  readonly replicates: Float64Array | null;
  readonly rounds: number;
  readonly unbounded: readonly ('above' | 'below' | 'both' | null)[];
}

/** Pair totals of the replication's battles. */
function totalsOf(data: BattleRecords): PairTotals {
  const n = data.battles;
  return pairTotalsFromBattles(
    data.models,
    data.a.subarray(0, n),
    data.b.subarray(0, n),
    data.y.subarray(0, n),
  );
}

/** The inference of one replication, or null when the comparison graph is not connected. */
export function inferArena(
  data: BattleRecords,
  ci: ArenaCi,
  rounds: number,
  rng: RandomStream,
): ArenaInference | null {
  const m = data.models;
  const n = data.battles;
  const f = eloPerNatural();
  const totals = totalsOf(data);
  const graph = comparisonGraph(totals);
  if (graph.components > 1) return null;
  const unbounded = graph.strongComponents > 1 ? unboundedRatings(totals, graph) : new Array(m).fill(null);
  const prior = graph.strongComponents > 1 ? WEAK_RATING_PRIOR : 0;
  const a = data.a.subarray(0, n);
  const b = data.b.subarray(0, n);
  const y = data.y.subarray(0, n);
  if (ci === 'elo') {
    const ratings = onlineElo(m, a, b, y);
    const replicates = new Float64Array(rounds * m);
    const ra = new Int32Array(n);
    const rb = new Int32Array(n);
    const ry = new Float64Array(n);
    for (let r = 0; r < rounds; r++) {
      for (let t = 0; t < n; t++) {
        const k = rng.index(n);
        ra[t] = a[k];
        rb[t] = b[k];
        ry[t] = y[k];
      }
      replicates.set(onlineElo(m, ra, rb, ry), r * m);
    }
    return { models: m, ratings, variance: null, replicates, rounds, unbounded };
  }
  const fit = fitBradleyTerry(totals, { prior });
  const ratings = Float64Array.from(fit.theta, (t) => 1000 + f * t);
  if (ci === 'bootstrap' || ci === 'cluster') {
    const resampling: Resampling =
      ci === 'cluster'
        ? clusterResampling(a, b, y, data.prompt.subarray(0, n), data.prompts)
        : { kind: 'battles', rows: uniqueRowsOf(m, a, b, y, n, hasFractions(y)), total: n };
    const theta = new Float64Array(rounds * m);
    bootstrapRounds(
      m,
      resampling,
      makeRefit(m, { kind: 'bt', prior, start: fit.theta }),
      () => rng,
      0,
      rounds,
      theta,
      false,
      n,
    );
    for (let k = 0; k < theta.length; k++) theta[k] = 1000 + f * theta[k];
    return { models: m, ratings, variance: null, replicates: theta, rounds, unbounded };
  }
  const meat =
    ci === 'cluster-sandwich'
      ? clusterScoreMeat(m, a, b, y, data.prompt.subarray(0, n), data.prompts, fit.theta)
      : undefined;
  const variance = bradleyTerryCovariance(totals, fit.theta, {
    kind: ci === 'fisher' ? 'fisher' : 'sandwich',
    prior,
    ...(meat ? { meat } : {}),
  });
  return { models: m, ratings, variance, replicates: null, rounds: 0, unbounded };
}

function hasFractions(y: Float64Array): boolean {
  for (let t = 0; t < y.length; t++) if (y[t] !== 0 && y[t] !== 0.5 && y[t] !== 1) return true;
  return false;
}
