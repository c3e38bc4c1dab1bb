/**
 * Bootstrap replicates of the ratings. `evalsim rate` seeds each round (round r draws from the
 * stream (streamSeed(seed, 1), r)), so any split of the rounds over threads gives the same
 * replicates; a simulation method draws every round from its replication's stream.
 *
 *  - battles (FastChat `compute_bootstrap_bt`, lm-sys/FastChat rating_systems.py at 0e6d3e4):
 *    N battles drawn with replacement, i.e. multinomial counts over the unique (a, b, outcome)
 *    rows with probabilities count/N (samplers/multinomial.ts MultinomialSampler), refitted from the full-data fit
 *    (the reference's warm start, /work/shared/perf/bt_fit.py);
 *  - clusters: the C clusters (prompts) drawn with replacement — multinomial(C; 1/C …) counts —
 *    every battle of a cluster drawn k times weighing k (Field & Welsh 2007's cluster bootstrap);
 *    battles on one prompt share its draw, so a prompt that helps one side shows in the spread.
 *
 * `refit(totals | weights)` is the model's fit (BT, Davidson or style control); its θ (Σθ = 0)
 * fills row r − from of `out`.
 */
import {
  addBattle,
  comparisonGraph,
  createBradleyTerryWorkspace,
  createPairTotals,
  fitBradleyTerry,
  fitContextualBradleyTerry,
  fitDavidson,
  type PairTotals,
  WEAK_RATING_PRIOR,
} from '@evalsim/core';
import { MultinomialSampler } from '../samplers/multinomial.js';
import type { UniformSource } from '../samplers/source.js';
import { totalsOfRows, type UniqueRows } from './uniqueRows.js';

/** Refits one resample: totals (BT, Davidson) and per-battle weights (style control; null for the others). */
export type Refit = (totals: PairTotals, battleWeights: Float64Array | null) => ArrayLike<number>;

export interface BattleResampling {
  readonly kind: 'battles';
  /** Unique rows (one per battle for style control, whose battles differ in their features). */
  readonly rows: UniqueRows;
  /** Battles Σ count. */
  readonly total: number;
}

export interface ClusterResampling {
  readonly kind: 'clusters';
  readonly clusters: number;
  /** Battles grouped by cluster: battle indices, cluster c at [start[c], start[c + 1]). */
  readonly start: Int32Array;
  readonly order: Int32Array;
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly y: Float64Array;
}

export type Resampling = BattleResampling | ClusterResampling;

/** The model refitted on each resample, as plain data (it crosses to worker threads). */
export type RefitSpec =
  | { readonly kind: 'bt'; readonly prior: number; readonly start: Float64Array }
  | { readonly kind: 'davidson' }
  | {
      readonly kind: 'style';
      readonly a: Int32Array;
      readonly b: Int32Array;
      readonly y: Float64Array;
      readonly features: Float64Array;
      readonly featureCount: number;
    };

/**
 * The refit of a spec: BT warm-started from the full-data fit, Davidson, or style control with
 * battle weights. A resample in which the MLE does not exist — its comparison graph falls apart
 * or some models never lose (or never win) against the rest, common with few votes — is fitted
 * under core's WEAK_RATING_PRIOR, as `evalsim rate` fits such data (Davidson falls back to that
 * BT fit); without the check Newton would walk off (or fail on a disconnected graph).
 */
export function makeRefit(models: number, spec: RefitSpec): Refit {
  const workspace = createBradleyTerryWorkspace(models);
  const degenerate = (t: PairTotals): boolean => {
    const g = comparisonGraph(t);
    return g.components > 1 || g.strongComponents > 1;
  };
  if (spec.kind === 'bt') {
    return (t) => {
      const prior = spec.prior > 0 || !degenerate(t) ? spec.prior : WEAK_RATING_PRIOR;
      return fitBradleyTerry(t, { prior, start: spec.start, workspace, polish: false }).theta;
    };
  }
  if (spec.kind === 'davidson')
    return (t) =>
      degenerate(t) || !hasTies(t)
        ? fitBradleyTerry(t, { prior: WEAK_RATING_PRIOR, workspace }).theta
        : fitDavidson(t).theta;
  return (_t, w) =>
    fitContextualBradleyTerry({
      models,
      a: spec.a,
      b: spec.b,
      y: spec.y,
      features: spec.features,
      featureCount: spec.featureCount,
      weights: w as Float64Array,
    }).theta;
}

function hasTies(t: PairTotals): boolean {
  let ties = 0;
  let all = 0;
  for (let k = 0; k < t.count.length; k++) {
    ties += t.ties[k];
    all += t.count[k];
  }
  return ties > 0 && ties < all;
}

/** Battles grouped by cluster code (a counting sort). */
export function clusterResampling(
  a: Int32Array,
  b: Int32Array,
  y: Float64Array,
  codes: Int32Array,
  clusters: number,
): ClusterResampling {
  const start = new Int32Array(clusters + 1);
  for (let t = 0; t < codes.length; t++) start[codes[t] + 1]++;
  for (let c = 0; c < clusters; c++) start[c + 1] += start[c];
  const fill = start.slice(0, clusters);
  const order = new Int32Array(codes.length);
  for (let t = 0; t < codes.length; t++) order[fill[codes[t]]++] = t;
  return { kind: 'clusters', clusters, start, order, a, b, y };
}

/**
 * Rows [from, to) of the replicate matrix (rounds × m), θ* of rounds from … to − 1, round r drawing
 * from `streamFor(r)` (the analysis: the seeded stream of round r; a simulation method: its own
 * replication's stream, round after round).
 */
export function bootstrapRounds(
  models: number,
  resampling: Resampling,
  refit: Refit,
  streamFor: (round: number) => UniformSource,
  from: number,
  to: number,
  out: Float64Array,
  needsBattleWeights: boolean,
  battles: number,
): void {
  const totals = createPairTotals(models);
  const weights = needsBattleWeights ? new Float64Array(battles) : null;
  if (resampling.kind === 'battles') {
    const { rows, total } = resampling;
    const counts = new Float64Array(rows.count.length);
    const sampler = new MultinomialSampler(total, rows.count);
    for (let r = from; r < to; r++) {
      sampler.sample(streamFor(r), counts);
      totalsOfRows(models, rows, counts, totals);
      // style control: one row per battle, so the row counts are the battle weights
      if (weights) weights.set(counts.subarray(0, battles));
      out.set(refit(totals, weights), (r - from) * models);
    }
    return;
  }
  const { clusters, start, order, a, b, y } = resampling;
  const draws = new Float64Array(clusters);
  const sampler = new MultinomialSampler(clusters, new Float64Array(clusters).fill(1));
  for (let r = from; r < to; r++) {
    sampler.sample(streamFor(r), draws);
    totals.count.fill(0);
    totals.score.fill(0);
    totals.squares.fill(0);
    totals.ties.fill(0);
    if (weights) weights.fill(0);
    for (let c = 0; c < clusters; c++) {
      const k = draws[c];
      if (k === 0) continue;
      for (let q = start[c]; q < start[c + 1]; q++) {
        const t = order[q];
        addBattle(totals, a[t], b[t], y[t], k);
        if (weights) weights[t] = k;
      }
    }
    out.set(refit(totals, weights), (r - from) * models);
  }
}
