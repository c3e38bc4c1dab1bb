/**
 * The intervals of one multi-sample estimate — the mean ĝ of per-question values x_i (pass@k,
 * pass^k, maj@k estimates, or mean scores for avg@n) over the questions kept — from core's
 * estimators; every one around the same ĝ:
 *
 *   naive       ĝ ± z√(ĝ(1 − ĝ)/N_k), N_k = Σ⌊n_i/k⌋: the samples as independent trials (pass@k, pass^k only);
 *   question    ĝ ± t_{Q−1}·s/√Q (s: ddof-1 s.d. of the x_i; inspect_ai's stderr());
 *   clustered   ĝ ± t_{K−1}·√CR1, CR1 = K/(K − 1)·Σ_g (Σ_{i∈g}(x_i − ĝ))²/Q² (with clusters);
 *   wilson      Wilson at n* = ĝ(1 − ĝ)/Var with Korn–Graubard's (z/t_df)² factor, Var the CR1
 *               variance with clusters (df K − 1), else s²/Q (df Q − 1) — values in [0, 1] only;
 *   bootstrap   type-7 percentiles of B resample means, whole clusters with clusters, else questions
 *               (drawn as a multinomial over the distinct values when they are few), seeded;
 *   posterior   the beta-binomial posterior (core betaBinomialPassAtKInterval, 48 × 48 grid; pass@k and pass^k).
 *
 * The headline ("recommended") is wilson: in the pass-at-k study it kept ≥ 93% coverage in every
 * cell except where few questions carry the distance of pass@k from its ceiling. That count is
 * `rareSide` = (Σ r_i)²/Σ r_i² with r_i = 1 − x_i (ĝ ≥ ½) or x_i (ĝ < ½), over clusters when
 * clustered; below 10 questions (min(10, K/2) clusters) the estimate is flagged (`caution`) and
 * the posterior is computed. (In the study the failures had 1.4–13 such questions and 1.4–6.1 of
 * 10 clusters; elsewhere at least 5.0 and 3.7.)
 * A bound outside [0, 1] (t and naive intervals) is kept and marked `outOfRange`.
 */
import {
  cr1ClusteredVariance,
  kornGraubardWilsonInterval,
  normalCritical,
  percentilePairOfUnsorted,
  tCritical,
} from '@evalsim/core';
import { SeededStream } from '../../rng/SeededStream.js';
import { streamSeed } from '../../rng/streamSeed.js';
import type { ClusterLayout } from '../clusterLayout.js';

export interface ValueInterval {
  readonly lower: number;
  readonly upper: number;
  /** A bound below 0 or above 1. */
  readonly outOfRange: boolean;
}

export interface ValueIntervals {
  readonly naive: ValueInterval | null;
  readonly question: ValueInterval;
  readonly clustered: ValueInterval | null;
  readonly wilson: ValueInterval | null;
  readonly bootstrap: ValueInterval | null;
  readonly posterior: ValueInterval | null;
}

export type IntervalName = keyof ValueIntervals;

export const INTERVAL_LABELS: Readonly<Record<IntervalName, string>> = {
  naive: 'naive binomial over all samples',
  question: 'question-level t(Q−1)',
  clustered: 'clustered CR1 t(K−1)',
  wilson: 'Wilson at the effective size (Korn–Graubard factor)',
  bootstrap: 'percentile bootstrap',
  posterior: 'beta-binomial posterior',
};

export interface ValueSummary {
  readonly estimate: number;
  /** Question-level SE s/√Q. */
  readonly se: number;
  /** CR1 SE with clusters, else null. */
  readonly seClustered: number | null;
  readonly intervals: ValueIntervals;
  readonly rareSide: number;
  readonly rareSideUnit: 'questions' | 'clusters';
  /** Below this, the estimate is flagged: 10 questions, or min(10, K/2) clusters. */
  readonly rareSideThreshold: number;
}

const interval = (lower: number, upper: number): ValueInterval => ({
  lower,
  upper,
  outOfRange: lower < 0 || upper > 1,
});

export interface ValueInputs {
  /** x_i of the kept questions. */
  readonly values: Float64Array;
  /** Matrix question index of each kept value (for its cluster). */
  readonly questions: Int32Array;
  readonly layout: ClusterLayout;
  readonly level: number;
  /** Σ⌊n_i/k⌋ for the naive interval, or null for measures without one. */
  readonly naiveGroups: number | null;
  /** Bootstrap seed key and resamples. */
  readonly seedKey: string;
  readonly resamples: number;
  /** Values live in [0, 1] (Wilson applies). */
  readonly unitRange: boolean;
  /** The posterior interval when asked for (computed by the caller, it needs the counts). */
  readonly posterior?: (() => ValueInterval) | undefined;
  /** Compute the posterior even when not flagged. */
  readonly forcePosterior: boolean;
}

function bootstrap(inputs: ValueInputs, mean: number): ValueInterval | null {
  const { values, questions, layout, resamples, level } = inputs;
  const Q = values.length;
  const rng = new SeededStream(streamSeed(inputs.seedKey, 0), 0);
  const means = new Float64Array(resamples);
  if (layout.clustered) {
    const K = layout.count;
    const sums = new Float64Array(K);
    const sizes = new Float64Array(K);
    for (let i = 0; i < Q; i++) {
      sums[layout.ids[questions[i]]] += values[i];
      sizes[layout.ids[questions[i]]] += 1;
    }
    // Only clusters with kept questions are resampled.
    const used: number[] = [];
    for (let g = 0; g < K; g++) if (sizes[g] > 0) used.push(g);
    const picks = new Int32Array(used.length);
    for (let r = 0; r < resamples; r++) {
      rng.fillIndices(picks, used.length, used.length);
      let s = 0;
      let n = 0;
      for (let j = 0; j < used.length; j++) {
        s += sums[used[picks[j]]];
        n += sizes[used[picks[j]]];
      }
      means[r] = s / n;
    }
  } else {
    const distinct = new Map<number, number>();
    for (let i = 0; i < Q; i++) distinct.set(values[i], (distinct.get(values[i]) ?? 0) + 1);
    if (distinct.size * 12 < Q) {
      const v = Float64Array.from(distinct.keys());
      const counts = Float64Array.from(distinct.values());
      for (let r = 0; r < resamples; r++) {
        let left = Q;
        let share = Q;
        let s = 0;
        for (let d = 0; d < v.length && left > 0; d++) {
          const m = d === v.length - 1 ? left : rng.binomial(left, counts[d] / share);
          s += m * v[d];
          left -= m;
          share -= counts[d];
        }
        means[r] = s / Q;
      }
    } else {
      const picks = new Int32Array(Q);
      for (let r = 0; r < resamples; r++) {
        rng.fillIndices(picks, Q, Q);
        let s = 0;
        for (let j = 0; j < Q; j++) s += values[picks[j]];
        means[r] = s / Q;
      }
    }
  }
  const out = { lower: 0, upper: 0 };
  const alpha = 1 - level;
  percentilePairOfUnsorted(means, alpha / 2, 1 - alpha / 2, out);
  if (!(out.upper > out.lower) && !(mean === out.lower)) return null;
  return interval(out.lower, out.upper);
}

/** Every interval of the estimate (see the module comment). */
export function valueSummary(inputs: ValueInputs): ValueSummary {
  const { values, questions, layout, level } = inputs;
  const Q = values.length;
  let sum = 0;
  for (let i = 0; i < Q; i++) sum += values[i];
  const mean = sum / Q;
  let ss = 0;
  for (let i = 0; i < Q; i++) ss += (values[i] - mean) ** 2;
  const variance = Q > 1 ? ss / (Q - 1) / Q : Number.NaN;
  const se = Math.sqrt(variance);
  const tq = Q > 1 ? tCritical(level, Q - 1) : Number.NaN;
  const question = interval(mean - tq * se, mean + tq * se);

  let seClustered: number | null = null;
  let clustered: ValueInterval | null = null;
  let clusterCount = 0;
  const high = mean >= 0.5;
  let rareSide: number;
  if (layout.clustered) {
    const sizes = new Float64Array(layout.count);
    const totals = new Float64Array(layout.count);
    const rare = new Float64Array(layout.count);
    for (let i = 0; i < Q; i++) {
      const g = layout.ids[questions[i]];
      sizes[g] += 1;
      totals[g] += values[i];
      rare[g] += high ? 1 - values[i] : values[i];
    }
    let used = 0;
    let r1 = 0;
    let r2 = 0;
    for (let g = 0; g < layout.count; g++) {
      if (sizes[g] === 0) continue;
      sizes[used] = sizes[g];
      totals[used] = totals[g];
      used++;
      r1 += rare[g];
      r2 += rare[g] * rare[g];
    }
    clusterCount = used;
    rareSide = r2 > 0 ? (r1 * r1) / r2 : 0;
    if (used >= 2) {
      const v = cr1ClusteredVariance({ count: used, sizes, totals, sumSquares: totals });
      seClustered = Math.sqrt(v);
      const c = tCritical(level, used - 1);
      clustered = interval(mean - c * seClustered, mean + c * seClustered);
    }
  } else {
    let r1 = 0;
    let r2 = 0;
    for (let i = 0; i < Q; i++) {
      const r = high ? 1 - values[i] : values[i];
      r1 += r;
      r2 += r * r;
    }
    rareSide = r2 > 0 ? (r1 * r1) / r2 : 0;
  }

  let wilson: ValueInterval | null = null;
  if (inputs.unitRange && Q > 1) {
    const useClusters = seClustered !== null;
    const v = useClusters ? (seClustered as number) ** 2 : variance;
    const df = useClusters ? clusterCount - 1 : Q - 1;
    const iv = kornGraubardWilsonInterval(Math.min(1, Math.max(0, mean)), Q, v, df, {
      level,
      adjustment: 'normal',
    });
    wilson = interval(iv.lower, iv.upper);
  }
  let naive: ValueInterval | null = null;
  if (inputs.naiveGroups !== null) {
    const z = normalCritical(level);
    const h = z * Math.sqrt((mean * (1 - mean)) / inputs.naiveGroups);
    naive = interval(mean - h, mean + h);
  }
  const threshold = layout.clustered ? Math.min(10, clusterCount / 2) : 10;
  const flagged = rareSide < threshold;
  const posterior = inputs.posterior && (flagged || inputs.forcePosterior) ? inputs.posterior() : null;
  return {
    estimate: mean,
    se,
    seClustered,
    intervals: {
      naive,
      question,
      clustered,
      wilson,
      bootstrap: Q > 1 ? bootstrap(inputs, mean) : null,
      posterior,
    },
    rareSide,
    rareSideUnit: layout.clustered ? 'clusters' : 'questions',
    rareSideThreshold: threshold,
  };
}
