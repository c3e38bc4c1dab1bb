/**
 * Rank intervals for m rated models, and the probability of first place.
 *
 * Arena rule (FastChat `report_elo_analysis_results`, lm-sys/FastChat
 * fastchat/serve/monitor/elo_analysis.py at 0e6d3e4): rank_i = 1 + #{j : lower_j > upper_i},
 * from each model's own rating interval. It is one number, not an interval, and it compares
 * m(m − 1) pairs of marginal intervals with no multiplicity control: it promises nothing about
 * how often the ranks it prints are right.
 *
 * Simultaneous rank intervals (Klein, Wright & Wieczorek 2020, "A joint confidence region for an
 * overall ranking of populations", JRSS C 69(3); the pairwise construction of their §2): with
 * simultaneous intervals θ̂_i − θ̂_j ± c·se_ij for all K = m(m − 1)/2 differences, declare j above
 * i when θ̂_j − θ̂_i − c·se_ij > 0, and
 *
 *   lower_i = 1 + #{j : j above i},   upper_i = m − #{j : i above j}.
 *
 * If every difference interval covers its true difference (probability ≥ 1 − α by the choice of
 * c) then every true rank lies in its interval at once: P(all m rank intervals cover) ≥ 1 − α
 * (asymptotically, as the intervals are normal approximations). With ties in the truth the
 * whole range of tied ranks is covered. Two critical values:
 *
 *   bonferroni: c = z_{1 − α/(2K)}                         (≥ 1 − α by Bonferroni's inequality)
 *   max-t:      c = the (1 − α) quantile of max_{i<j} |Z_i − Z_j| / se_ij over draws Z of the
 *               estimate's error (normal draws N(0, V) for the sandwich, bootstrap deviations
 *               θ* − θ̂ for the bootstrap): exact 1 − α for the family as draws → ∞, so never
 *               wider than Bonferroni up to Monte Carlo error (Hothorn, Bretz & Westfall 2008's
 *               single-step max-t).
 *
 * P(rank 1): the share of the same draws θ̂ + Z (or bootstrap replicates) in which model i has
 * the highest rating — a plug-in (parametric or nonparametric bootstrap) probability, not a
 * posterior.
 */

import { percentileOfSorted } from '../bootstrap/percentile.js';
import { normalQuantile } from '../distributions/index.js';
import { InputError } from '../validate.js';

/** FastChat's rank: 1 + the number of models whose lower bound exceeds this one's upper bound. */
export function arenaRanks(lower: ArrayLike<number>, upper: ArrayLike<number>): Int32Array {
  const m = lower.length;
  const out = new Int32Array(m);
  for (let i = 0; i < m; i++) {
    let r = 1;
    for (let j = 0; j < m; j++) if (j !== i && lower[j] > upper[i]) r++;
    out[i] = r;
  }
  return out;
}

export interface RankIntervals {
  readonly lower: Int32Array;
  readonly upper: Int32Array;
  /** Pairs declared ordered (one direction or the other). */
  readonly separated: number;
}

/** √(V_ii + V_jj − 2V_ij) for i < j, row by row (K entries). */
export function pairDifferenceSe(variance: Float64Array, m: number): Float64Array {
  const out = new Float64Array((m * (m - 1)) / 2);
  let k = 0;
  for (let i = 0; i < m; i++) {
    for (let j = i + 1; j < m; j++, k++) {
      out[k] = Math.sqrt(Math.max(0, variance[i * m + i] + variance[j * m + j] - 2 * variance[i * m + j]));
    }
  }
  return out;
}

/** Rank intervals from pairwise decisions at critical value c (see the module comment). */
export function pairwiseRankIntervals(
  estimate: ArrayLike<number>,
  pairSe: Float64Array,
  critical: number,
): RankIntervals {
  const m = estimate.length;
  const above = new Int32Array(m); // #{j above i}
  const below = new Int32Array(m); // #{j below i}
  let separated = 0;
  let k = 0;
  for (let i = 0; i < m; i++) {
    for (let j = i + 1; j < m; j++, k++) {
      const d = estimate[i] - estimate[j];
      const h = critical * pairSe[k];
      if (d - h > 0) {
        below[i]++;
        above[j]++;
        separated++;
      } else if (-d - h > 0) {
        above[i]++;
        below[j]++;
        separated++;
      }
    }
  }
  const lower = new Int32Array(m);
  const upper = new Int32Array(m);
  for (let i = 0; i < m; i++) {
    lower[i] = 1 + above[i];
    upper[i] = m - below[i];
  }
  return { lower, upper, separated };
}

/** Bonferroni's critical value for all K = m(m − 1)/2 two-sided differences at `level`. */
export function bonferroniPairCritical(m: number, level: number): number {
  const pairs = (m * (m - 1)) / 2;
  return normalQuantile(1 - (1 - level) / (2 * pairs));
}

/** A max-t critical value and its Monte Carlo standard error. */
export interface MaxTCritical {
  readonly critical: number;
  /**
   * MC s.e. of the quantile from the order statistics around it: (v_⌈D(q+δ)⌉ − v_⌊D(q−δ)⌋)/(2·1.96),
   * δ = 1.96·√(q(1 − q)/D) (the binomial confidence band of a sample quantile, halved).
   */
  readonly mcse: number;
}

/**
 * The max-t critical value: the type-7 (1 − α) quantile over D draws of
 * max_{i<j} |Z_i − Z_j|/se_ij, Z the rows of `deviations` (D×m row-major). Pairs with se 0 are
 * left out.
 */
export function maxTCritical(
  deviations: Float64Array,
  draws: number,
  pairSe: Float64Array,
  level: number,
): MaxTCritical {
  const m = deviations.length / draws;
  if (!Number.isInteger(m) || m < 2)
    throw new InputError('deviations', `must hold ${draws} rows of m ≥ 2 values`);
  const inv = new Float64Array(pairSe.length);
  for (let k = 0; k < pairSe.length; k++) inv[k] = pairSe[k] > 0 ? 1 / pairSe[k] : 0;
  const stats = new Float64Array(draws);
  for (let d = 0; d < draws; d++) {
    const r = d * m;
    let best = 0;
    let k = 0;
    for (let i = 0; i < m; i++) {
      const zi = deviations[r + i];
      for (let j = i + 1; j < m; j++, k++) {
        const t = Math.abs(zi - deviations[r + j]) * inv[k];
        if (t > best) best = t;
      }
    }
    stats[d] = best;
  }
  stats.sort();
  const delta = 1.959963984540054 * Math.sqrt((level * (1 - level)) / draws);
  const hi = stats[Math.min(draws - 1, Math.ceil(draws * (level + delta)))];
  const lo = stats[Math.max(0, Math.floor(draws * (level - delta)))];
  return { critical: percentileOfSorted(stats, level), mcse: (hi - lo) / (2 * 1.959963984540054) };
}

/** Share of draws (rows of `ratings`, D×m) in which each model has the highest value. */
export function firstPlaceShares(ratings: Float64Array, draws: number): Float64Array {
  const m = ratings.length / draws;
  const wins = new Float64Array(m);
  for (let d = 0; d < draws; d++) {
    const r = d * m;
    let best = 0;
    for (let i = 1; i < m; i++) if (ratings[r + i] > ratings[r + best]) best = i;
    wins[best]++;
  }
  for (let i = 0; i < m; i++) wins[i] /= draws;
  return wins;
}
