/**
 * Ratings of a simulated arena and what their intervals claim (method `arenaRating`, data
 * `battleRecords`), judged against the arena's estimand (the BT projection in `trueRatings`).
 *
 * `ci` — the inference (support/arenaInference.ts, as `evalsim rate` computes it):
 *   sandwich (arena-rank) | fisher | cluster-sandwich (scores summed by prompt, CR1) |
 *   bootstrap (over battles, FastChat) | cluster (bootstrap over prompts) | elo (online Elo,
 *   FastChat's bootstrap of it); `rounds` bootstrap rounds.
 *
 * `rule` — when a pair counts as separated, and the pair intervals:
 *   overlap     the two models' own intervals do not overlap (the Arena rule's comparison);
 *   difference  the pair's difference interval (z, or the bootstrap's percentile) excludes 0,
 *               each pair at the level on its own;
 *   bonferroni  d ± z_{1−α/(2K)}·se over the K = m(m − 1)/2 pairs;
 *   max-t       d ± c·se, c the (1 − α) quantile of max |Z_i − Z_j|/se_ij (`draws` normal draws
 *               from the covariance, or the bootstrap deviations) — core rankIntervals.ts.
 *   Rank intervals follow from the separations: lower_i = 1 + #{j separated above i},
 *   upper_i = m − #{j separated below i}; the true rank of a model tied with others is the range
 *   of their places, covered only when the interval holds all of it.
 *
 * `report` — what the result holds (Elo points):
 *   difference       estimate, se and interval of R₁ − R₀ (truth θ*₁ − θ*₀: `coverage`, `meanWidth`);
 *   pairsCovered     the share of all pairs whose interval holds the true difference (`meanEstimate`);
 *   allPairsCovered  1 when every pair's does, else 0 (`estimateShare equals 1`: simultaneous coverage);
 *   separations      the number of separated pairs (identical copies: every one is false);
 *   falseSeparations separated pairs that are tied in truth or ordered the wrong way;
 *   ranksCovered     the share of models whose rank interval holds the true rank range;
 *   allRanksCovered  1 when every model's does;
 *   rankWidth        the mean rank-interval width (upper − lower).
 * A replication whose comparison graph is not connected has no ratings: degenerate, NaN.
 */
import {
  bonferroniPairCritical,
  eloPerNatural,
  maxTCritical,
  normalQuantile,
  percentileOfSorted,
} from '@evalsim/core';
import { defineMethod } from '../base/defineMethod.js';
import { fillUnanalysable, resetMethodResult } from '../base/methodResult.js';
import { normalDeviations } from '../pairwise/normalDeviations.js';
import { ARENA_CIS, inferArena } from './support/arenaInference.js';

export const ARENA_RULES = ['overlap', 'difference', 'bonferroni', 'max-t'] as const;
export const ARENA_REPORTS = [
  'difference',
  'pairsCovered',
  'allPairsCovered',
  'separations',
  'falseSeparations',
  'ranksCovered',
  'allRanksCovered',
  'rankWidth',
] as const;
const TIE = 1e-9;

function sortedQuantiles(values: Float64Array, lo: number, hi: number): [number, number] {
  values.sort();
  return [percentileOfSorted(values, lo), percentileOfSorted(values, hi)];
}

export const arenaRating = defineMethod({
  name: 'arenaRating',
  description:
    'Arena ratings (BT with ties as half wins, or online Elo) with ci sandwich | fisher | cluster-sandwich | bootstrap | cluster | elo, pairs separated by rule overlap | difference | bonferroni | max-t; report difference (R₁ − R₀ interval) | pairsCovered | allPairsCovered | separations | falseSeparations | ranksCovered | allRanksCovered | rankWidth.',
  kind: 'interval',
  accepts: ['battleRecords'],
  options: {
    ci: {
      type: 'choice',
      values: ARENA_CIS,
      default: 'sandwich',
      description: 'The intervals (as `evalsim rate --ci`; elo: online Elo with its bootstrap).',
    },
    rule: {
      type: 'choice',
      values: ARENA_RULES,
      default: 'difference',
      description: 'When a pair counts as separated, and the pair intervals.',
    },
    report: {
      type: 'choice',
      values: ARENA_REPORTS,
      default: 'difference',
      description: 'What the result holds.',
    },
    rounds: {
      type: 'integer',
      min: 20,
      max: 100_000,
      default: 200,
      description: 'Bootstrap rounds (bootstrap, cluster, elo).',
    },
    draws: {
      type: 'integer',
      min: 100,
      max: 1_000_000,
      default: 1000,
      description: 'Normal draws for the max-t critical value (model-based intervals).',
    },
  },
  create(options, { level }) {
    const { ci, rule, report, rounds, draws } = options;
    const alpha = 1 - level;
    const z = normalQuantile(1 - alpha / 2);
    const f = eloPerNatural();
    return (data, rng, out) => {
      const inf = inferArena(data, ci, rounds, rng);
      if (!inf) {
        fillUnanalysable(out);
        return;
      }
      const m = inf.models;
      const R = inf.ratings;
      const truth = data.trueRatings;
      const K = (m * (m - 1)) / 2;
      const { replicates, variance, unbounded } = inf;
      // marginal s.e. and pair s.e. (Elo)
      const pairSe = new Float64Array(K);
      const marginalLo = new Float64Array(m);
      const marginalHi = new Float64Array(m);
      const column = new Float64Array(inf.rounds);
      if (variance) {
        for (let i = 0; i < m; i++) {
          const s = f * Math.sqrt(Math.max(0, variance[i * m + i]));
          marginalLo[i] = R[i] - z * s;
          marginalHi[i] = R[i] + z * s;
        }
        let k = 0;
        for (let i = 0; i < m; i++)
          for (let j = i + 1; j < m; j++, k++)
            pairSe[k] =
              f * Math.sqrt(Math.max(0, variance[i * m + i] + variance[j * m + j] - 2 * variance[i * m + j]));
      } else if (replicates) {
        const B = inf.rounds;
        for (let i = 0; i < m; i++) {
          for (let r = 0; r < B; r++) column[r] = replicates[r * m + i];
          [marginalLo[i], marginalHi[i]] = sortedQuantiles(column, alpha / 2, 1 - alpha / 2);
        }
        let k = 0;
        for (let i = 0; i < m; i++) {
          for (let j = i + 1; j < m; j++, k++) {
            let mean = 0;
            for (let r = 0; r < B; r++) mean += replicates[r * m + i] - replicates[r * m + j];
            mean /= B;
            let ss = 0;
            for (let r = 0; r < B; r++) ss += (replicates[r * m + i] - replicates[r * m + j] - mean) ** 2;
            pairSe[k] = Math.sqrt(ss / (B - 1));
          }
        }
      }
      let critical = z;
      if (rule === 'bonferroni') critical = bonferroniPairCritical(m, level);
      else if (rule === 'max-t') {
        let dev: Float64Array;
        let rows: number;
        if (variance) {
          dev = normalDeviations(variance, m, draws, rng);
          for (let k = 0; k < dev.length; k++) dev[k] *= f;
          rows = draws;
        } else {
          const B = inf.rounds;
          dev = new Float64Array(B * m);
          for (let r = 0; r < B; r++)
            for (let i = 0; i < m; i++) dev[r * m + i] = (replicates as Float64Array)[r * m + i] - R[i];
          rows = B;
        }
        critical = maxTCritical(dev, rows, pairSe, level).critical;
      }
      const percentile = rule === 'difference' && replicates !== null;
      // pair intervals of R_i − R_j, i < j
      const lo = new Float64Array(K);
      const hi = new Float64Array(K);
      let k = 0;
      for (let i = 0; i < m; i++) {
        for (let j = i + 1; j < m; j++, k++) {
          const d = R[i] - R[j];
          if (percentile) {
            const B = inf.rounds;
            for (let r = 0; r < B; r++)
              column[r] = (replicates as Float64Array)[r * m + i] - (replicates as Float64Array)[r * m + j];
            [lo[k], hi[k]] = sortedQuantiles(column, alpha / 2, 1 - alpha / 2);
          } else {
            lo[k] = d - critical * pairSe[k];
            hi[k] = d + critical * pairSe[k];
          }
          const ui = unbounded[i];
          const uj = unbounded[j];
          if (ui !== uj || ui === 'both') {
            if (ui === 'above' || uj === 'below' || ui === 'both' || uj === 'both')
              hi[k] = Number.POSITIVE_INFINITY;
            if (ui === 'below' || uj === 'above' || ui === 'both' || uj === 'both')
              lo[k] = Number.NEGATIVE_INFINITY;
          }
        }
      }
      resetMethodResult(out);
      if (report === 'difference') {
        // R₁ − R₀ = −(R₀ − R₁), pair (0, 1) is k = 0
        out.estimate = R[1] - R[0];
        out.se = pairSe[0];
        out.lower = -hi[0];
        out.upper = -lo[0];
        return;
      }
      let covered = 0;
      let separations = 0;
      let falseSeparations = 0;
      const above = new Int32Array(m);
      const below = new Int32Array(m);
      k = 0;
      for (let i = 0; i < m; i++) {
        for (let j = i + 1; j < m; j++, k++) {
          const dTrue = truth[i] - truth[j];
          if (lo[k] <= dTrue && dTrue <= hi[k]) covered++;
          const separated =
            rule === 'overlap'
              ? marginalLo[i] > marginalHi[j] || marginalLo[j] > marginalHi[i]
              : lo[k] > 0 || hi[k] < 0;
          if (!separated) continue;
          separations++;
          const iAbove = rule === 'overlap' ? marginalLo[i] > marginalHi[j] : lo[k] > 0;
          if (iAbove) {
            below[i]++;
            above[j]++;
          } else {
            above[i]++;
            below[j]++;
          }
          if (Math.abs(dTrue) <= TIE || dTrue > 0 !== iAbove) falseSeparations++;
        }
      }
      let ranksCovered = 0;
      let width = 0;
      for (let i = 0; i < m; i++) {
        const lower = 1 + above[i];
        const upper = m - below[i];
        width += upper - lower;
        let greater = 0;
        let notBelow = 0;
        for (let j = 0; j < m; j++) {
          if (truth[j] > truth[i] + TIE) greater++;
          if (truth[j] >= truth[i] - TIE) notBelow++;
        }
        if (lower <= 1 + greater && upper >= notBelow) ranksCovered++;
      }
      out.estimate =
        report === 'pairsCovered'
          ? covered / K
          : report === 'allPairsCovered'
            ? covered === K
              ? 1
              : 0
            : report === 'separations'
              ? separations
              : report === 'falseSeparations'
                ? falseSeparations
                : report === 'ranksCovered'
                  ? ranksCovered / m
                  : report === 'allRanksCovered'
                    ? ranksCovered === m
                      ? 1
                      : 0
                    : width / m;
    };
  },
});
